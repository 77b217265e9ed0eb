import type { Context } from 'koa';
import type { ZodObject } from 'zod';
import { operationList, pathParams, type Operation } from '../operations';
import { JobAcceptedSchema, MeteredHeadersSchema } from '../schemas/primitives';
import type { Caller, Source } from '../services/callers';
import type { Answer, Handlers, Invocation } from '../services/operations';
import { rateLimitHeaders } from './error-handler';
import { ResponseCache } from './response-cache';
import { defineRoute, type RouteDef } from './route';

const ASYNC_NOTE =
  'Send `Prefer: respond-async` for an immediate 202 with a job; calls that outlast the wait also answer 202. ' +
  'An `Idempotency-Key` header (24 h) makes a retry return the stored answer, never billed twice.';

const SUCCESS: Record<number, string> = { 200: 'The result', 201: 'Created', 202: 'Accepted: under way in the background', 204: 'Done; no content' };

const IDEMPOTENCY_ERRORS = {
  409: 'A request with this Idempotency-Key is still being accepted (see Retry-After)',
  422: 'This Idempotency-Key was used with a different request',
};

/** The REST routes of every declared operation: the same record validates, runs, and documents each one. */
export function operationRoutes(handlers: Handlers, cache: ResponseCache): RouteDef[] {
  return operationList.map((op) => operationRoute(op, handlers[op.name as keyof Handlers] as Handler, cache));
}

type Handler = (input: unknown, call: Invocation) => Promise<Answer>;

function operationRoute(op: Operation, handler: Handler, cache: ResponseCache): RouteDef {
  const { params, rest } = splitInput(op);
  const inBody = op.rest.method === 'post' || op.rest.method === 'patch';
  const status = op.rest.status ?? 200;
  const responses: RouteDef['responses'] = { [status]: { description: SUCCESS[status], schema: status === 204 ? undefined : op.output } };
  if (op.runs === 'workflow') responses[202] = { description: 'Still running: poll the job at Location', schema: JobAcceptedSchema };

  return defineRoute({
    method: op.rest.method,
    path: op.rest.path,
    tag: op.rest.tag,
    summary: op.summary,
    description: op.runs === 'workflow' ? `${op.description}\n\n${ASYNC_NOTE}` : op.description,
    auth: op.access,
    admitsCaller: op.runs === 'workflow',
    errors: { ...op.rest.errors, ...(op.runs === 'workflow' ? IDEMPOTENCY_ERRORS : {}) },
    request: {
      params,
      headers: op.runs === 'workflow' ? MeteredHeadersSchema : undefined,
      ...(inBody ? { body: rest, bodyOptional: rest.safeParse({}).success } : { query: hasFields(rest) ? rest : undefined }),
    },
    responses,
    handler: async (parts, ctx) => {
      const input = { ...(parts.query as object), ...(parts.body as object), ...(parts.params as object) };
      const run = () => handler(input, invocation(ctx));
      if (op.rest.cache) {
        if (op.rest.cache.maxAge) ctx.set('Cache-Control', `public, max-age=${op.rest.cache.maxAge}`);
        // GETs are cached under their URL (served before routing); bodies under the parsed input.
        const key = op.rest.method === 'get' ? ResponseCache.keyOf(ctx) : `${op.name}:${JSON.stringify(input)}`;
        return cache.sendJson(ctx, key, async () => (await run()).body);
      }
      send(ctx, await run());
    },
  });
}

/** Path parameters apart, and the rest of the input in the query (GET, DELETE) or the body (POST, PATCH). */
function splitInput(op: Operation): { params?: ZodObject; rest: ZodObject } {
  const names = pathParams(op.rest.path);
  if (!names.length) return { rest: op.input };
  const mask = Object.fromEntries(names.map((n) => [n, true])) as never;
  return { params: op.input.pick(mask), rest: op.input.omit(mask) };
}

const hasFields = (schema: ZodObject) => Object.keys(schema.shape).length > 0;

function invocation(ctx: Context): Invocation {
  const source: Source = ctx.get('x-agentdex-source') === 'cli' ? 'cli' : 'api';
  return {
    caller: ctx.state.caller as Caller | undefined,
    source,
    ip: ctx.ip,
    // Present but empty is refused by the service (1 to 255 characters), not taken for absent.
    idempotencyKey: typeof ctx.headers['idempotency-key'] === 'string' ? ctx.headers['idempotency-key'] : undefined,
    respondAsync: /\brespond-async\b/i.test(ctx.get('prefer')),
  };
}

function send(ctx: Context, answer: Answer): void {
  if (answer.rateLimit) for (const [k, v] of Object.entries(rateLimitHeaders(answer.rateLimit))) ctx.set(k, v);
  if (answer.replayed) ctx.set('Idempotent-Replayed', 'true');
  const location = answer.status === 202 ? (answer.body as { location?: unknown })?.location : undefined;
  if (typeof location === 'string') ctx.set('Location', location);
  ctx.status = answer.status;
  if (answer.status === 204) return;
  if (answer.stored !== undefined) {
    // The bytes stored under the Idempotency-Key: a replay is byte-identical to the first answer.
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = answer.stored;
  } else {
    ctx.body = answer.body;
  }
}
