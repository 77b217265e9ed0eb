import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';

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
