import type { WebhookEventType } from './event-types';

export interface WatchFilter {
  /** Types the watch asks for; null for every type. */
  events: string[] | null;
  /** The smallest readiness move, in points, it is told of. */
  threshold: number;
}

export interface EventFacts {
  type: WebhookEventType;
  data: Record<string, unknown>;
}

/** Whether a watch is told of an event: a type it asks for and, for readiness moves, one of at least its threshold. */
export function watchWants(w: WatchFilter, e: EventFacts): boolean {
  if (w.events && !w.events.includes(e.type)) return false;
  if (e.type === 'readiness.dropped' || e.type === 'readiness.rose') return Number(e.data.delta ?? 0) >= w.threshold;
  return true;
}

/** Whether an endpoint receives a type: one with no `events` receives every type (decisions.md). */
export function endpointWants(endpointEvents: string[] | null, type: WebhookEventType): boolean {
  return !endpointEvents || endpointEvents.length === 0 || endpointEvents.includes(type);
}
