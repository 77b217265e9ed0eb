// Every workflow the worker runs. Workflows are deterministic: no I/O here, only activities.
export { auditWorkflow } from './audit';
export { maintenanceWorkflow } from './maintenance';
export { sweepWorkflow } from './sweep';
