import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Middleware } from 'koa';
import { answeredStatus, routeTemplate } from './answered';
import { SPAN_ATTRIBUTES } from '../observability/tracing';

const tracer = trace.getTracer('agentdex-api');

/**
 * One server span per request (mounted only when tracing is on), continuing a caller's W3C `traceparent`
 * when it sends one. It is the active span while the request runs, so the Temporal client's StartWorkflow
 * span, and through Temporal's headers the workflow and its activities, join the same trace. Named by route
 * template once routed (`POST /v1/find-tools`), as the request metrics are, and tagged with the request id.
 */
export function requestTracing(): Middleware {
  return async (ctx, next) => {
    const parent = propagation.extract(context.active(), ctx.headers);
    const span = tracer.startSpan(
      `${ctx.method}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': ctx.method, 'url.path': ctx.path, [SPAN_ATTRIBUTES.requestId]: String(ctx.state.requestId ?? '') },
      },
      parent,
    );
    try {
      await context.with(trace.setSpan(parent, span), next);
    } finally {
      const route = routeTemplate(ctx);
      if (route) {
        span.updateName(`${ctx.method} ${route}`);
        span.setAttribute('http.route', route);
      }
      const status = answeredStatus(ctx);
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
  };
}
