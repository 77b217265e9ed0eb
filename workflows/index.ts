// Every workflow the worker runs. Workflows are deterministic: no I/O here, only activities.
export { auditWorkflow } from './audit';
export { usageSyncWorkflow } from './billing';
export { claimCheckWorkflow, claimWatchWorkflow } from './claim';
export { companyCrawlWorkflow, companyWorkflow, compareCompaniesWorkflow, competitorsWorkflow, pricingWorkflow, researchWorkflow } from './company';
export { findToolsWorkflow } from './find-tools';
export { howToWorkflow } from './how-to';
export { maintenanceWorkflow } from './maintenance';
export { resolveWorkflow } from './resolve';
export { sweepWorkflow } from './sweep';
export { dispatchEventWorkflow, webhookDeliveryWorkflow } from './webhooks';
