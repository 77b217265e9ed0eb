// Public surface of the outbound HTTP layer.
export { classifyAddress, isAllowlisted, parseHostLiteral, type AddressClass, type BlockReason, type HostLiteral } from './address-policy';
export { OutboundError, type OutboundErrorCode } from './errors';
export type { HostMapEntry, Resolver } from './guard';
export {
  createOutbound,
  DEFAULT_USER_AGENT,
  type FetchInit,
  type Outbound,
  type OutboundOptions,
  type OutboundResponse,
  type WebFetchDefaults,
} from './outbound';
export { parseAllowlistSetting, parseHostMapSetting } from './settings';
