import type { Config } from '../config';
import { createOutbound, type Outbound } from './outbound';

/** The process's outbound layer as configured (OUTBOUND_HOST_MAP, OUTBOUND_ALLOWLIST). One per process. */
export function configuredOutbound(config: Pick<Config, 'outbound'>): Outbound {
  return createOutbound({ hostMap: config.outbound.hostMap, allowlist: config.outbound.allowlist });
}
