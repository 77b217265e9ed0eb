import type { ActivityInboundCallsInterceptor, ActivityInterceptors } from '@temporalio/worker';
import type { Context } from '@temporalio/activity';
import { activityDuration, activityOutcomes } from './metrics';

/** Counts and times each activity attempt by type and outcome (agentdex_activity_*). */
export function activityMetricsInterceptor(ctx: Context): ActivityInterceptors {
  const activity = ctx.info.activityType;
  const inbound: ActivityInboundCallsInterceptor = {
    async execute(input, next) {
      const started = process.hrtime.bigint();
      try {
        const result = await next(input);
        activityOutcomes.inc({ activity, outcome: 'completed' });
        return result;
      } catch (err) {
        activityOutcomes.inc({ activity, outcome: 'failed' });
        throw err;
      } finally {
        activityDuration.observe({ activity }, Number(process.hrtime.bigint() - started) / 1e9);
      }
    },
  };
  return { inbound };
}
