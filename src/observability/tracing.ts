import { type Span, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { Resource } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { Config } from '../config';

/**
 * OpenTelemetry tracing for one process, on when OTEL_EXPORTER_OTLP_ENDPOINT is set and absent otherwise
 * (then nothing on the hot path changes: no middleware, no interceptors, the prebuilt workflow bundle).
 * A call is one trace: the API's request span, the Temporal client's StartWorkflow span, the workflow's
 * spans (exported by the worker through a sink) and each activity's span, joined by the W3C trace context
 * Temporal carries in its headers.
 */
export interface Tracing {
  /** The processor workflow spans are handed to from the sandbox (the worker's `exporter` sink). */
  spanProcessor: SpanProcessor;
  resource: Resource;
  /** Sends what is buffered and stops; for shutdown. */
  shutdown(): Promise<void>;
}

/** Span attributes of our own, beside OpenTelemetry's semantic conventions. */
export const SPAN_ATTRIBUTES = {
  requestId: 'agentdex.request_id',
  workflowId: 'temporal.workflow_id',
} as const;

/**
 * Starts tracing for this process when configured: spans are batched and sent over OTLP/HTTP (JSON) to
 * `<endpoint>/v1/traces`, the global tracer provider is set (the Temporal interceptors use it) with an
 * AsyncLocalStorage context, so a span started in a request is the parent of what the request awaits.
 */
export function startTracing(config: Pick<Config, 'tracing'>, defaultServiceName: string): Tracing | undefined {
  if (!config.tracing) return undefined;
  const resource = new Resource({ 'service.name': config.tracing.serviceName ?? defaultServiceName });
  const spanProcessor = new BatchSpanProcessor(new OTLPTraceExporter({ url: tracesUrl(config.tracing.endpoint) }));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [spanProcessor] });
  provider.register();
  return { spanProcessor, resource, shutdown: () => provider.shutdown() };
}

/** The OTLP/HTTP traces URL for a collector base URL, as the OpenTelemetry SDKs derive it. */
export function tracesUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/v1/traces`;
}

/** Marks the span of the request in progress (if tracing is on) with the workflow it runs. */
export function tagActiveSpan(attribute: string, value: string): void {
  const span: Span | undefined = trace.getActiveSpan();
  span?.setAttribute(attribute, value);
}

/** The active trace's ids, for log lines (pino's mixin); empty when nothing is traced. */
export function activeTraceIds(): { trace_id?: string; span_id?: string } {
  const context = trace.getActiveSpan()?.spanContext();
  return context ? { trace_id: context.traceId, span_id: context.spanId } : {};
}
