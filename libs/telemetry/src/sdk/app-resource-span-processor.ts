import type { Context } from '@opentelemetry/api';
import type { Resource } from '@opentelemetry/resources';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';

/**
 * Gives each span the resource of the app whose work started it (decision 0046): one SDK per
 * process, and with the embedded launcher's four apps in it each span still exports under its own
 * app's `service.name`. The app is read when the span starts (in the work's async context) and the
 * ended span is handed on under that app's resource; OTLP groups spans by resource, so one export
 * carries a `resourceSpans` entry per app. A span started outside every app keeps the process's.
 */
export class AppResourceSpanProcessor implements SpanProcessor {
  private readonly resources = new WeakMap<object, Resource>();

  constructor(
    private readonly next: SpanProcessor,
    private readonly resourceOfRunningApp: () => Resource | undefined,
  ) {}

  onStart(span: Span, parentContext: Context): void {
    const resource = this.resourceOfRunningApp();
    if (resource) this.resources.set(span, resource);
    this.next.onStart(span, parentContext);
  }

  onEnd(span: ReadableSpan): void {
    const resource = this.resources.get(span);
    this.next.onEnd(resource && resource !== span.resource ? underResource(span, resource) : span);
  }

  forceFlush(): Promise<void> {
    return this.next.forceFlush();
  }

  shutdown(): Promise<void> {
    return this.next.shutdown();
  }
}

/** The ended span as exporters read it, under another resource. */
function underResource(span: ReadableSpan, resource: Resource): ReadableSpan {
  return {
    name: span.name,
    kind: span.kind,
    spanContext: () => span.spanContext(),
    parentSpanContext: span.parentSpanContext,
    startTime: span.startTime,
    endTime: span.endTime,
    status: span.status,
    attributes: span.attributes,
    links: span.links,
    events: span.events,
    duration: span.duration,
    ended: span.ended,
    resource,
    instrumentationScope: span.instrumentationScope,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}
