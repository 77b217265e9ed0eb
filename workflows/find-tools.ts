import type { FindToolsResult } from '../src/services/find-tools';
import { meteredRead } from './metering';

export type { FindToolsResult };

/**
 * find-tools: the task's candidates and their order are one read (src/services/find-tools.ts), settled with
 * its usage event in one local activity (no server round trip of its own).
 */
export async function findToolsWorkflow(input: { task: string }): Promise<FindToolsResult> {
  return meteredRead('findTools', { task: input.task });
}
