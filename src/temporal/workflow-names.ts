/** Workflow type names used by clients, so callers never import workflow code into the API process. */
export const WorkflowTypes = {
  maintenance: 'maintenanceWorkflow',
} as const;

export const ScheduleIds = {
  maintenance: 'agentdex-maintenance',
} as const;
