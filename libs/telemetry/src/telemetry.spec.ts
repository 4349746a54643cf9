import { ROOT_CONTEXT, SpanKind, type Context } from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { AppResourceSpanProcessor } from './sdk/app-resource-span-processor';
import { activeTraceparent, inChildSpan, spanContextOf, startPublishSpans, traceparentOf, tracingEnabled } from './spans';
import { startTracing } from './start-tracing';
import { otlpProtocolOf, tracingWanted } from './tracing-settings';

describe('tracing settings (decision 0046)', () => {
  it('is off unless an OTLP endpoint is set, and off again when disabled or exporting to none', () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_TRACES_SAMPLER: 'always_on' })).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
  });

  it('reads the protocol, http/protobuf by default, and names the variable on a bad one', () => {
    expect(otlpProtocolOf({})).toBe('http/protobuf');
    expect(otlpProtocolOf({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' })).toBe('http/json');
    expect(otlpProtocolOf({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json' })).toBe(
      'http/json',
    );
    expect(() => otlpProtocolOf({ OTEL_EXPORTER_OTLP_PROTOCOL: 'udp' })).toThrow(/^OTEL_EXPORTER_OTLP_PROTOCOL must be one of/);
  });

  it('without an endpoint starts nothing, and every span helper is a plain call', async () => {
    expect(startTracing('test', {})).toBe(false);
    expect(tracingEnabled()).toBe(false);
    expect(activeTraceparent()).toBeNull();
    expect(startPublishSpans([{ id: 'e', type: 't', topic: 'x', traceparent: null }], 'kafka')).toBeNull();
    await expect(
      inChildSpan('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', 'n', 'consumer', {}, async (t) => t),
    ).resolves.toBeNull();
  });
});

describe('traceparents and span contexts', () => {
  it('round-trips a W3C traceparent and refuses what is not one', () => {
    const value = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    expect(traceparentOf(spanContextOf(value)!)).toBe(value);
    expect(spanContextOf('00-00000000000000000000000000000000-b7ad6b7169203331-01')).toBeUndefined();
    expect(spanContextOf('garbage')).toBeUndefined();
    expect(spanContextOf(null)).toBeUndefined();
  });
});

describe('AppResourceSpanProcessor', () => {
  const processResource = resourceFromAttributes({ 'service.name': 'suite' });
  const fakeSpan = (name: string) =>
    ({
      name,
      kind: SpanKind.INTERNAL,
      spanContext: () => ({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1 }),
      resource: processResource,
    }) as unknown as Span & ReadableSpan;

  it("hands each ended span on under the resource of the app that started it, or the process's", () => {
    const ended: ReadableSpan[] = [];
    const next: SpanProcessor = {
      onStart: () => undefined,
      onEnd: (span) => ended.push(span),
      forceFlush: async () => undefined,
      shutdown: async () => undefined,
    };
    const messaging = resourceFromAttributes({ 'service.name': 'messaging' });
    let running: string | undefined = 'messaging';
    const processor = new AppResourceSpanProcessor(next, () => (running === 'messaging' ? messaging : undefined));
    const first = fakeSpan('in messaging');
    processor.onStart(first, ROOT_CONTEXT as Context);
    running = undefined;
    const second = fakeSpan('outside every app');
    processor.onStart(second, ROOT_CONTEXT as Context);
    processor.onEnd(first);
    processor.onEnd(second);
    expect(ended.map((span) => [span.name, span.resource.attributes['service.name']])).toEqual([
      ['in messaging', 'messaging'],
      ['outside every app', 'suite'],
    ]);
    expect(ended[0]!.spanContext().spanId).toBe('b7ad6b7169203331');
  });
});
