/** Workflow type names used by clients, so callers never import workflow code into the API process. */
export const WorkflowTypes = {
  audit: 'auditWorkflow',
  claimCheck: 'claimCheckWorkflow',
  claimWatch: 'claimWatchWorkflow',
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
  usageSync: 'usageSyncWorkflow',
  dispatchEvent: 'dispatchEventWorkflow',
  webhookDelivery: 'webhookDeliveryWorkflow',
} as const;

export const ScheduleIds = {
  maintenance: 'agentdex-maintenance',
  sweep: 'agentdex-audit-sweep',
  usageSync: 'agentdex-usage-sync',
} as const;
