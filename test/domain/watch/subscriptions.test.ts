import assert from 'node:assert/strict';
import { DEFAULT_READINESS_THRESHOLD, PRODUCT_EVENT_TYPES, type WebhookEventType } from '../../../src/domain/watch/event-types';
import { type EventFacts, endpointWants, type WatchFilter, watchWants } from '../../../src/domain/watch/subscriptions';

const ALL_TYPES: WebhookEventType[] = [...PRODUCT_EVENT_TYPES, 'webhook.test'];
const NON_READINESS = ALL_TYPES.filter((t) => t !== 'readiness.dropped' && t !== 'readiness.rose');

const watch = (events: string[] | null, threshold = DEFAULT_READINESS_THRESHOLD): WatchFilter => ({ events, threshold });
const ev = (type: WebhookEventType, data: Record<string, unknown> = {}): EventFacts => ({ type, data });

describe('watch subscriptions', () => {
  describe('watchWants: event types', () => {
    const cases: Array<[string, WatchFilter, EventFacts, boolean]> = [
      ['null events asks for every type', watch(null), ev('openapi.breaking'), true],
      ['a listed type', watch(['openapi.breaking', 'site.unreachable']), ev('site.unreachable'), true],
      ['a type not listed', watch(['openapi.breaking']), ev('openapi.changed'), false],
      ['a readiness type not listed, even with a large move', watch(['readiness.rose']), ev('readiness.dropped', { delta: 50 }), false],
      ['a listed readiness type with a large enough move', watch(['readiness.dropped']), ev('readiness.dropped', { delta: 50 }), true],
    ];
    for (const [what, w, e, want] of cases) {
      it(`${what} → ${want}`, () => {
        assert.equal(watchWants(w, e), want);
      });
    }

    for (const type of NON_READINESS) {
      it(`null events includes ${type}`, () => {
        assert.equal(watchWants(watch(null), ev(type)), true);
      });
    }
  });

  describe('watchWants: readiness threshold', () => {
    const cases: Array<[string, number, unknown, boolean]> = [
      ['delta equal to the threshold passes', 5, 5, true],
      ['delta just below the threshold fails', 5, 4.99, false],
      ['delta above the threshold passes', 5, 12, true],
      ['delta one point below fails', 5, 4, false],
      ['a custom threshold of 10, delta 10', 10, 10, true],
      ['a custom threshold of 10, delta 9', 10, 9, false],
      ['threshold 1, delta 1', 1, 1, true],
      ['a missing delta counts as 0 and fails a positive threshold', 5, undefined, false],
    ];
    for (const type of ['readiness.dropped', 'readiness.rose'] as const) {
      for (const [what, threshold, delta, want] of cases) {
        it(`${type}: ${what}`, () => {
          const data = delta === undefined ? {} : { delta };
          assert.equal(watchWants(watch(null, threshold), ev(type, data)), want);
          assert.equal(watchWants(watch([type], threshold), ev(type, data)), want);
        });
      }
    }
  });

  describe('watchWants: other types ignore the threshold', () => {
    for (const type of NON_READINESS) {
      it(`${type} passes a threshold of 100 with no delta or a small one`, () => {
        assert.equal(watchWants(watch(null, 100), ev(type)), true);
        assert.equal(watchWants(watch([type], 100), ev(type, { delta: 1 })), true);
      });
    }
  });

  describe('endpointWants', () => {
    for (const type of ALL_TYPES) {
      it(`null and empty events receive ${type}`, () => {
        assert.equal(endpointWants(null, type), true);
        assert.equal(endpointWants([], type), true);
      });
    }

    const cases: Array<[string[], WebhookEventType, boolean]> = [
      [['openapi.breaking'], 'openapi.breaking', true],
      [['openapi.breaking'], 'openapi.changed', false],
      [['readiness.dropped', 'site.unreachable'], 'site.unreachable', true],
      [['readiness.dropped', 'site.unreachable'], 'readiness.rose', false],
      [['mcp.tools_changed'], 'webhook.test', false],
      [['webhook.test'], 'webhook.test', true],
    ];
    for (const [events, type, want] of cases) {
      it(`[${events.join(', ')}] receives ${type}: ${want}`, () => {
        assert.equal(endpointWants(events, type), want);
      });
    }
  });
});
