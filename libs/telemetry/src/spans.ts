import {
  context,
  isSpanContextValid,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
  type SpanContext,
} from '@opentelemetry/api';
import { suppressTracing } from '@opentelemetry/core';

/** The suite's own spans (outbox publish, inbox handling, webhook attempts), under one instrumentation scope. */
const TRACER_NAME = '@suite/telemetry';

let enabled = false;

/** Set by startTracing once the SDK runs; while false every helper here is a plain call with no span. */
export function markTracingEnabled(): void {
  enabled = true;
}

export function tracingEnabled(): boolean {
  return enabled;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** A W3C traceparent as a remote parent, or undefined when it is missing or not one. */
export function spanContextOf(traceparent: string | null | undefined): SpanContext | undefined {
  const match = traceparent ? TRACEPARENT.exec(traceparent) : null;
  if (!match) return undefined;
  const spanContext: SpanContext = {
    traceId: match[1]!,
    spanId: match[2]!,
    traceFlags: Number.parseInt(match[3]!, 16),
    isRemote: true,
  };
  return isSpanContextValid(spanContext) ? spanContext : undefined;
}

export function traceparentOf(spanContext: SpanContext): string {
  return `00-${spanContext.traceId}-${spanContext.spanId}-${spanContext.traceFlags.toString(16).padStart(2, '0')}`;
}

/**
 * The active span as a traceparent: with tracing on, the HTTP instrumentation's server span of the
 * request, which becomes the request's trace context (libs/observability), so logs, events and exported
 * spans share one trace id. Null with tracing off or no span active (a probe the instrumentation ignores).
 */
export function activeTraceparent(): string | null {
  if (!enabled) return null;
  const spanContext = trace.getSpan(context.active())?.spanContext();
  return spanContext && isSpanContextValid(spanContext) ? traceparentOf(spanContext) : null;
}

function startChild(name: string, parent: SpanContext, kind: SpanKind, attributes: Attributes): Span {
  return trace.getTracer(TRACER_NAME).startSpan(name, { kind, attributes }, trace.setSpanContext(context.active(), parent));
}

function end(span: Span, error?: unknown): void {
  if (error !== undefined) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
  }
  span.end();
}

/** One outbox row as the relay publishes it. */
export interface PublishedEvent {
  readonly id: string;
  readonly type: string;
  readonly topic: string;
  readonly traceparent: string | null;
}

export interface PublishSpans {
  /** Per event, the traceparent to send along (its publish span's), or the event's own when it has no span. */
  readonly traceparents: ReadonlyArray<string | null>;
  /** Runs the transport's send with the instrumentations' own spans suppressed (see startPublishSpans). */
  send<T>(publish: () => Promise<T>): Promise<T>;
  end(error?: unknown): void;
}

/**
 * A PRODUCER span per event the relay publishes, each a child of the span that wrote the event
 * (its envelope's traceparent), so the hop through the relay sits in the request's trace; the
 * message carries the publish span's traceparent for the consumer's span. Events written outside
 * any trace get none. The transport's send runs with tracing suppressed: one Kafka send carries
 * events of many traces, and the kafkajs instrumentation would hang every event's send span under
 * whatever context happened to be active. Null with tracing off.
 */
export function startPublishSpans(events: readonly PublishedEvent[], system: string): PublishSpans | null {
  if (!enabled) return null;
  const spans: Array<Span | null> = events.map((event) => {
    const parent = spanContextOf(event.traceparent);
    if (!parent) return null;
    return startChild(`publish ${event.topic}`, parent, SpanKind.PRODUCER, {
      'messaging.system': system,
      'messaging.operation.type': 'send',
      'messaging.destination.name': event.topic,
      'messaging.message.id': event.id,
      'suite.event.type': event.type,
    });
  });
  return {
    traceparents: spans.map((span, index) => (span ? traceparentOf(span.spanContext()) : events[index]!.traceparent)),
    send: (publish) => context.with(suppressTracing(context.active()), publish),
    end: (error) => spans.forEach((span) => span && end(span, error)),
  };
}

/**
 * Runs `work` in a child span of `traceparent` (the message's publish span, or the envelope's), with
 * the span active so database spans nest under it; `work` gets the span's traceparent to carry on
 * (events it writes, its log lines). Without tracing, or without a parent, runs `work` with none.
 */
export async function inChildSpan<T>(
  traceparent: string | null | undefined,
  name: string,
  kind: 'consumer' | 'internal',
  attributes: Attributes,
  work: (traceparent: string | null) => Promise<T>,
): Promise<T> {
  const parent = enabled ? spanContextOf(traceparent) : undefined;
  if (!parent) return work(null);
  const span = startChild(name, parent, kind === 'consumer' ? SpanKind.CONSUMER : SpanKind.INTERNAL, attributes);
  try {
    const result = await context.with(trace.setSpan(context.active(), span), () => work(traceparentOf(span.spanContext())));
    end(span);
    return result;
  } catch (error) {
    end(span, error);
    throw error;
  }
}
