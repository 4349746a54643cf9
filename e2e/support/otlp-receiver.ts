import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

/** One exported span as the receiver keeps it: what a trace backend shows of it. */
export interface ReceivedSpan {
  service: string;
  scope: string;
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  attributes: Record<string, unknown>;
}

interface OtlpJsonRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: Array<{ key: string; value: Record<string, unknown> }> };
    scopeSpans?: Array<{
      scope?: { name?: string };
      spans?: Array<{
        name: string;
        kind?: number;
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        attributes?: Array<{ key: string; value: Record<string, unknown> }>;
      }>;
    }>;
  }>;
}

const valueOf = (value: Record<string, unknown>): unknown => Object.values(value)[0];
const attributesOf = (list: Array<{ key: string; value: Record<string, unknown> }> = []) =>
  Object.fromEntries(list.map(({ key, value }) => [key, valueOf(value)]));

/**
 * A collector's OTLP/HTTP traces endpoint on 127.0.0.1 (`POST /v1/traces`), for the JSON encoding
 * (OTEL_EXPORTER_OTLP_PROTOCOL=http/json): it decodes every export request into spans, with the
 * service.name of the resource each came under.
 */
export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  readonly contentTypes = new Set<string>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<OtlpReceiver> {
    const receiver: OtlpReceiver = new OtlpReceiver(
      createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          receiver.take(request.url ?? '', request.headers, Buffer.concat(chunks).toString('utf8'));
          response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        });
      }),
    );
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  /** Where OTEL_EXPORTER_OTLP_ENDPOINT points (the exporter appends /v1/traces). */
  get endpoint(): string {
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('the OTLP receiver is not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  trace(traceId: string): ReceivedSpan[] {
    return this.spans.filter((span) => span.traceId === traceId);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private take(url: string, headers: IncomingHttpHeaders, body: string): void {
    if (url !== '/v1/traces') return;
    this.contentTypes.add(String(headers['content-type']));
    const request = JSON.parse(body) as OtlpJsonRequest;
    for (const resourceSpans of request.resourceSpans ?? []) {
      const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name']);
      for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
        for (const span of scopeSpans.spans ?? []) {
          this.spans.push({
            service,
            scope: scopeSpans.scope?.name ?? '',
            name: span.name,
            kind: span.kind ?? 0,
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId ?? '',
            attributes: attributesOf(span.attributes),
          });
        }
      }
    }
  }
}
