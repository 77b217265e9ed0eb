import type { Logger } from '../logger';

/**
 * Runs the steps in order on SIGINT/SIGTERM, once. A second signal exits at once, so a wedged
 * dependency can never trap the operator.
 */
export function onShutdown(logger: Logger, steps: Array<[string, () => Promise<unknown>]>): void {
  let stopping = false;
  const handler = async (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    let failed = false;
    for (const [name, step] of steps) {
      try {
        await step();
      } catch (err) {
        failed = true;
        logger.error({ err, step: name }, 'shutdown step failed');
      }
    }
    process.exit(failed ? 1 : 0);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
