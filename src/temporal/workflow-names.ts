/** Workflow type names used by clients, so callers never import workflow code into the API process. */
export const WorkflowTypes = {
  audit: 'auditWorkflow',
  company: 'companyWorkflow',
  compareCompanies: 'compareCompaniesWorkflow',
  competitors: 'competitorsWorkflow',
  pricing: 'pricingWorkflow',
  research: 'researchWorkflow',
  findTools: 'findToolsWorkflow',
  howTo: 'howToWorkflow',
  maintenance: 'maintenanceWorkflow',
  resolve: 'resolveWorkflow',
  sweep: 'sweepWorkflow',
} as const;

export const ScheduleIds = {
  maintenance: 'agentdex-maintenance',
  sweep: 'agentdex-audit-sweep',
} as const;
