import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import type { Config } from '../config';
import { ScheduleIds, WorkflowTypes } from './workflow-names';

export interface ScheduleSpecInput {
  scheduleId: string;
  workflowType: string;
  taskQueue: string;
  everyMinutes: number;
  args?: unknown[];
}

/** Create the schedule, or bring an existing one in line with the current configuration. */
export async function ensureSchedule(client: Client, s: ScheduleSpecInput): Promise<void> {
  const spec = { intervals: [{ every: `${s.everyMinutes} minutes` }] };
  const action = {
    type: 'startWorkflow' as const,
    workflowType: s.workflowType,
    taskQueue: s.taskQueue,
    args: s.args ?? [],
    workflowId: `${s.scheduleId}-run`,
  };
  try {
    await client.schedule.create({
      scheduleId: s.scheduleId,
      spec,
      action,
      policies: { overlap: ScheduleOverlapPolicy.SKIP },
    });
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    await client.schedule.getHandle(s.scheduleId).update((prev) => ({ ...prev, spec, action }));
  }
}

/** The service's schedules: the retention sweep, the audit re-sweep and the usage sync, kept in line with config. */
export async function ensureSchedules(client: Client, config: Config, taskQueue: string): Promise<void> {
  await ensureSchedule(client, {
    scheduleId: ScheduleIds.maintenance,
    workflowType: WorkflowTypes.maintenance,
    taskQueue,
    everyMinutes: config.maintenanceIntervalMinutes,
  });
  await ensureSchedule(client, {
    scheduleId: ScheduleIds.sweep,
    workflowType: WorkflowTypes.sweep,
    taskQueue,
    everyMinutes: config.sweep.intervalMinutes,
    args: [{ olderThanHours: config.sweep.staleHours, limit: config.sweep.batch, concurrency: config.sweep.concurrency }],
  });
  // Usage to Stripe and spend notifications out: every minute by default, whether or not Stripe is
  // configured (the run is then a no-op), so configuring it later needs no schedule change.
  await ensureSchedule(client, {
    scheduleId: ScheduleIds.usageSync,
    workflowType: WorkflowTypes.usageSync,
    taskQueue,
    everyMinutes: config.billing.syncIntervalMinutes,
  });
}
