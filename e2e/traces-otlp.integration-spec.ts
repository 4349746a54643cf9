import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { eventually } from '@suite/testing';
import { launchSuite, type LaunchedSuite } from './hostile/support/launched-suite';
import { OtlpReceiver, type ReceivedSpan } from './support/otlp-receiver';

/**
 * Traces exported over OTLP (decision 0046), from `npm start`'s launcher — four apps in one process,
 * one SDK — on the test database and Kafka, to a local OTLP/HTTP receiver (JSON encoding): one
 * request is one trace across the apps, each span under its own app's service.name, parented hop by
 * hop (the request's server span, the relay's publish span, the consumer's handle span, the webhook
 * attempt and its HTTP request), in the trace the caller's traceparent named and the answer echoes.
 */
const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

let otlp: OtlpReceiver;
let suite: LaunchedSuite;
let receiver: Server;
const deliveries: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  otlp = await OtlpReceiver.start();
  receiver = createServer((request, response) => {
    deliveries.push(request.headers);
    request.resume();
    request.on('end', () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  suite = await launchSuite('traces_otlp', {
    env: {
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_TRACES_SAMPLER: 'parentbased_always_on',
      OTEL_BSP_SCHEDULE_DELAY: '200',
    },
  });
}, 180_000);

afterAll(async () => {
  await suite?.stop();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  await otlp?.stop();
});

const traceparent = (traceId: string, spanId: string) => `00-${traceId}-${spanId}-01`;
const randomHex = (bytes: number) =>
  Buffer.from(Array.from({ length: bytes }, () => Math.floor(Math.random() * 256))).toString('hex');

function find(spans: readonly ReceivedSpan[], match: Partial<ReceivedSpan>, what: string): ReceivedSpan {
  const found = spans.filter((span) => Object.entries(match).every(([key, value]) => span[key as keyof ReceivedSpan] === value));
  if (found.length !== 1) {
    const seen = spans.map((span) => `${span.service} ${span.name} ${span.spanId} <- ${span.parentSpanId}`).join('\n');
    throw new Error(`expected one ${what}, found ${found.length} among:\n${seen}`);
  }
  return found[0]!;
}

it('one POST /v1/messages is one trace: the request, the relay, Kafka and the platform consuming it', async () => {
  const [traceId, callerSpan] = [randomHex(16), randomHex(8)];
  const answer = await fetch(`${suite.bases.messaging}/v1/messages`, {
    method: 'POST',
    headers: {
      'x-api-key': suite.credentials.api_key,
      'content-type': 'application/json',
      traceparent: traceparent(traceId, callerSpan),
    },
    body: JSON.stringify({ to: '+12125550177', message: 'Traced hello' }),
  });
  expect(answer.status).toBe(200);
  const echoed = answer.headers.get('traceparent')!.split('-');
  expect(echoed[1]).toBe(traceId);

  const spans = await eventually(
    async () => otlp.trace(traceId),
    (found) => found.some((span) => span.name === 'handle message.queued'),
    { timeoutMs: 60_000, what: "the platform's handling of message.queued exported" },
  );
  const server = find(spans, { service: 'messaging', kind: SERVER }, "messaging's server span");
  // The caller's span is its parent, and it is the span the answer (and the request's logs and events) name: no second id.
  expect(server.parentSpanId).toBe(callerSpan);
  expect(server.spanId).toBe(echoed[2]);
  const publish = find(spans, { service: 'messaging', name: 'publish messaging.message.v1' }, 'the publish span');
  expect(publish).toMatchObject({
    kind: PRODUCER,
    parentSpanId: server.spanId,
    attributes: expect.objectContaining({ 'messaging.system': 'kafka' }),
  });
  const handle = find(spans, { service: 'platform', name: 'handle message.queued' }, "the platform's handle span");
  expect(handle).toMatchObject({ kind: CONSUMER, parentSpanId: publish.spanId });
  // The handler's database work nests under its span, in the platform's resource.
  expect(
    spans.some((span) => span.service === 'platform' && span.scope.includes('pg') && span.parentSpanId === handle.spanId),
  ).toBe(true);
  expect(new Set(spans.map((span) => span.service))).toEqual(expect.objectContaining(new Set(['messaging', 'platform'])));
  expect(otlp.contentTypes).toEqual(new Set(['application/json']));
});

it('a contact created on the platform reaches the webhook receiver in the same trace', async () => {
  const bearer = { authorization: `Bearer ${suite.credentials.personal_access_token}`, 'content-type': 'application/json' };
  const address = receiver.address();
  if (!address || typeof address === 'string') throw new Error('the webhook receiver is not listening');
  const created = await fetch(`${suite.bases['webhook-dispatch']}/api/webhooks`, {
    method: 'POST',
    headers: bearer,
    body: JSON.stringify({ title: 'Traced leads', url: `http://127.0.0.1:${address.port}/leads`, events: ['lead.generated'] }),
  });
  expect(created.status).toBe(201);

  const [traceId, callerSpan] = [randomHex(16), randomHex(8)];
  const contact = await fetch(`${suite.bases.platform}/api/contacts`, {
    method: 'POST',
    headers: { ...bearer, traceparent: traceparent(traceId, callerSpan) },
    body: JSON.stringify({ first_name: 'Ada', last_name: 'Traced', phone: '+14155550188' }),
  });
  expect(contact.status).toBe(201);

  const delivery = await eventually(
    async () => deliveries.find((headers) => String(headers.traceparent ?? '').includes(traceId)),
    (found) => found !== undefined,
    { timeoutMs: 60_000, what: 'the webhook delivered with the trace' },
  );
  const spans = await eventually(
    async () => otlp.trace(traceId),
    (found) => {
      const attempt = found.find((span) => span.name === 'webhook attempt lead.generated');
      return attempt !== undefined && found.some((span) => span.parentSpanId === attempt.spanId && span.kind === CLIENT);
    },
    { timeoutMs: 60_000, what: 'the webhook attempt and its request exported' },
  );
  const server = find(spans, { service: 'platform', kind: SERVER }, "the platform's server span");
  expect(server.parentSpanId).toBe(callerSpan);
  const publish = spans.find(
    (span) => span.service === 'platform' && span.attributes['suite.event.type'] === 'crm_contact.created',
  );
  expect(publish).toMatchObject({ kind: PRODUCER, parentSpanId: server.spanId });
  const handle = find(
    spans,
    { service: 'webhook-dispatch', name: 'handle crm_contact.created' },
    "webhook-dispatch's handle span",
  );
  expect(handle.parentSpanId).toBe(publish!.spanId);
  const attempt = find(spans, { service: 'webhook-dispatch', name: 'webhook attempt lead.generated' }, 'the attempt span');
  expect(attempt.parentSpanId).toBe(handle.spanId);
  const request = find(
    spans,
    { service: 'webhook-dispatch', kind: CLIENT, parentSpanId: attempt.spanId },
    "the attempt's HTTP request",
  );
  // The receiver was told the request's span: its own spans would join the trace there.
  expect(String(delivery!.traceparent).split('-')[2]).toBe(request.spanId);
});
