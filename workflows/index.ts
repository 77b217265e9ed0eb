// Every workflow the worker runs. Workflows are deterministic: no I/O here, only activities.
export { maintenanceWorkflow } from './maintenance';
