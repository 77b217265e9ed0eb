import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import type { ZodObject, ZodType } from 'zod';
import { bearerCredential } from '../domain/oauth';
import { ApiError } from '../errors';
import { ErrorSchema } from '../schemas/common';
import type { ResolveCaller } from '../services/callers';
import { HttpError } from './errors';
import { formBody } from './form-body';
import { jsonBody } from './json-body';
import { parseInput } from './validate';

type Shape = ZodObject;

export interface RouteInput<Q extends Shape | undefined, P extends Shape | undefined, B extends ZodType | undefined> {
  query: Q extends Shape ? z.output<Q> : Record<string, never>;
  params: P extends Shape ? z.output<P> : Record<string, never>;
  body: B extends ZodType ? z.output<B> : undefined;
}

/**
 * One definition per endpoint: the same zod schemas validate the request and generate /openapi.json,
 * so the published description cannot drift from what the server accepts.
 */
export interface RouteDef<
  Q extends Shape | undefined = Shape | undefined,
  P extends Shape | undefined = Shape | undefined,
  B extends ZodType | undefined = ZodType | undefined,
> {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** OpenAPI form, e.g. /v1/profile/{slug}. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** Whether the route appears in /openapi.json (the spec describes the /v1 surface and descriptors). */
  documented?: boolean;
  auth: 'open' | 'metered' | 'key';
  /** A metered workflow whose admission re-checks the key with the workspace lock (services/callers). */
  admitsCaller?: boolean;
  /**
   * `headers` are documented only: the handler reads and checks them itself. `bodyType` is how the body is
   * sent: JSON (the default) or `application/x-www-form-urlencoded` (the OAuth token request).
   */
  request?: { query?: Q; params?: P; body?: B; bodyOptional?: boolean; bodyType?: 'json' | 'form'; headers?: ZodObject };
  /** How this route words a refusal, when its protocol fixes the shape (the OAuth token endpoint's RFC 6749 errors). */
  rewriteError?: (err: ApiError, ctx: Context) => ApiError;
  /** Error statuses beyond those every route of its kind has (see errorResponses). */
  errors?: Partial<Record<number, string>>;
  responses: Record<number, { description: string; schema?: ZodType; contentType?: string }>;
  /** Returns the JSON body for 200, or sets ctx itself (other types, statuses) and returns undefined. */
  handler: (input: RouteInput<Q, P, B>, ctx: Context) => unknown;
}

export function defineRoute<Q extends Shape | undefined, P extends Shape | undefined, B extends ZodType | undefined>(def: RouteDef<Q, P, B>): RouteDef {
  return def as unknown as RouteDef;
}

export function koaPath(openApiPath: string): string {
  return openApiPath.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}

export function mountRoute(router: Router, def: RouteDef, resolveCaller?: ResolveCaller): void {
  if (def.auth !== 'open' && !resolveCaller) throw new Error(`route ${def.path} needs a caller resolver`);
  // Bodies are read only by routes that take one, after routing: an unknown path is a 404 and a wrong
  // method a 405 whatever the body holds.
  const middleware: Middleware[] = def.request?.body ? [def.request.bodyType === 'form' ? formBody() : jsonBody()] : [];
  const rewrite = def.rewriteError;
  if (rewrite) {
    middleware.unshift(async (ctx, next) => {
      try {
        await next();
      } catch (err) {
        throw err instanceof ApiError ? rewrite(err, ctx) : err;
      }
    });
  }
  router[def.method](koaPath(def.path), ...middleware, async (ctx) => {
    // Open routes ignore credentials: no key lookup on registry reads. Metered workflows check revocation at
    // admission, in the same round trip (services/callers). The credential is an API key in x-api-key, or an
    // API key or OAuth access token as `Authorization: Bearer`.
    if (def.auth !== 'open') {
      const bearer = bearerCredential(ctx.get('authorization'));
      try {
        ctx.state.caller = await resolveCaller!(ctx.get('x-api-key') || bearer, {
          keyRequired: def.auth === 'key',
          ip: ctx.ip,
          deferRevocationCheck: def.admitsCaller === true,
        });
      } catch (err) {
        if (!(err instanceof ApiError) || err.status !== 401) throw err;
        // RFC 6750 §3: a 401 names the Bearer scheme, and says when a presented token was refused.
        const challenge = bearer && !ctx.get('x-api-key') ? 'Bearer realm="agentdex", error="invalid_token"' : 'Bearer realm="agentdex"';
        throw new HttpError(401, err.message, err.extra, { 'WWW-Authenticate': challenge });
      }
    }
    const body = ctx.request.body ?? (def.request?.bodyOptional ? {} : undefined);
    const input = {
      query: def.request?.query ? parseInput(def.request.query, ctx.query, 'query') : {},
      params: def.request?.params ? parseInput(def.request.params, ctx.params, 'params') : {},
      body: def.request?.body ? parseInput(def.request.body, body, 'body') : undefined,
    };
    const result = await def.handler(input as never, ctx);
    if (result !== undefined) ctx.body = result;
  });
}

export function toOpenApiRoute(def: RouteDef): RouteConfig {
  const responses: RouteConfig['responses'] = {};
  for (const [status, r] of Object.entries(def.responses)) {
    responses[status] = r.schema
      ? { description: r.description, content: { [r.contentType ?? 'application/json']: { schema: r.schema } } }
      : { description: r.description };
  }
  for (const [status, description] of errorResponses(def)) {
    responses[status] ??= { description, content: { 'application/json': { schema: ErrorSchema } } };
  }
  return {
    method: def.method,
    path: def.path,
    summary: def.summary,
    description: def.description,
    tags: [def.tag],
    security: def.auth === 'key' ? [{ ApiKey: [] }] : def.auth === 'metered' ? [{ ApiKey: [] }, {}] : [],
    request: {
      query: def.request?.query,
      params: def.request?.params,
      headers: def.request?.headers,
      body: def.request?.body ? { required: !def.request.bodyOptional, content: { [bodyContentType(def)]: { schema: def.request.body } } } : undefined,
    },
    responses,
  };
}

function errorResponses(def: RouteDef): Array<[number, string]> {
  const list: Array<[number, string]> = [[503, 'Postgres or Temporal unreachable']];
  if (def.request) list.push([400, 'Invalid request: the message names the field and the rule']);
  if (def.request?.body) {
    const form = def.request.bodyType === 'form';
    list.push([413, form ? 'Body over 16 KiB' : 'Body over 1 MiB'], [415, form ? 'Body is not a form' : 'Body is not JSON']);
  }
  if (def.request?.params) list.push([404, 'Unknown resource']);
  if (def.auth !== 'open') list.push([401, 'Missing, invalid or revoked API key']);
  if (def.auth === 'metered') {
    list.push(
      [402, 'Quota exhausted or spend limit reached'],
      [429, "Anonymous trial bucket empty, or the workspace's calls per second or in flight over its limits (see Retry-After, RateLimit)"],
    );
  }
  for (const [status, description] of Object.entries(def.errors ?? {})) list.push([Number(status), description!]);
  return list;
}

function bodyContentType(def: RouteDef): string {
  return def.request?.bodyType === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
}
