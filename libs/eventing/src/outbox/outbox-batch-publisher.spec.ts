import { encodeEnvelope } from '../envelope/envelope-codec';
import { newEvent } from '../envelope/new-event';
import { ConsumerOfflineError, PermanentPublishError, type OutboundMessage } from '../transport/event-transport.port';
import { OutboxBatchPublisher, slicesByBytes } from './outbox-batch-publisher';
import type { OutboxRecord, OutboxSetAside } from './outbox-relay-store';

const TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
let nextSeq = 1;

/** An outbox record as the relay reads it, with a real envelope. */
function record(subject: string, name = `${subject} name`): OutboxRecord {
  const event = newEvent('company.created', {
    companyId: 'c-1',
    subject,
    data: { id: subject, name, parent_company_id: null },
    traceparent: TRACEPARENT,
  });
  const seq = String(nextSeq++);
  return {
    seq,
    id: event.envelope.id,
    topic: event.topic,
    type: event.envelope.type,
    subject,
    envelope: encodeEnvelope(event.envelope),
  };
}

/** A transport that refuses for good any send holding a refused record, and can fail like an outage. */
function setup(options: { maxSliceBytes?: number } = {}) {
  const sends: OutboundMessage[][] = [];
  const refused = new Set<string>();
  const failures = new Map<number, Error>();
  const setAside: OutboxSetAside[][] = [];
  const transport = {
    publish: async (messages: readonly OutboundMessage[]) => {
      sends.push([...messages]);
      const failure = failures.get(sends.length);
      if (failure) throw failure;
      if (messages.some((m) => refused.has(m.headers['event-id']!)))
        throw new PermanentPublishError('kafka refused the record: MESSAGE_TOO_LARGE');
    },
  };
  const sut = new OutboxBatchPublisher(transport, async (letters) => void setAside.push([...letters]), options.maxSliceBytes);
  const ids = (messages: readonly OutboundMessage[]) => messages.map((m) => m.headers['event-id']);
  return {
    sut,
    mocks: {
      sends,
      sentIds: () => sends.map(ids),
      refuse: (r: OutboxRecord) => refused.add(r.id),
      /** The n-th send (from 1) fails with `error`. */
      failSend: (n: number, error: Error) => failures.set(n, error),
      setAside,
      setAsideIds: () => setAside.flat().map((l) => [l.record.id, l.reason]),
    },
  };
}

describe('OutboxBatchPublisher', () => {
  it('publishes a clean batch in one send, keyed by subject, with the envelope as stored and its trace', async () => {
    const { sut, mocks } = setup();
    const batch = [record('a'), record('b')];

    await expect(sut.publish(batch)).resolves.toEqual(batch.map((r) => expect.objectContaining(r)));

    expect(mocks.sends).toEqual([
      batch.map((r) => ({
        topic: r.topic,
        key: r.subject,
        value: r.envelope,
        headers: { 'event-id': r.id, 'event-type': r.type, 'content-type': 'application/json', traceparent: TRACEPARENT },
      })),
    ]);
    expect(mocks.setAside).toEqual([]);
  });

  it('sets never-publishable envelopes aside first, then publishes the rest in seq order, the same subject included', async () => {
    const { sut, mocks } = setup();
    const before = record('a');
    const surrogate = record('a', 'hi \ud800');
    const nul = record('b', 'nul \u0000');
    const notEnvelope = { ...record('c'), envelope: '{"hello":"world"}' };
    const after = record('a');

    const published = await sut.publish([before, surrogate, nul, notEnvelope, after]);

    expect(published.map((r) => r.id)).toEqual([before.id, after.id]);
    expect(mocks.setAside).toHaveLength(1);
    expect(mocks.setAsideIds()).toEqual([
      [surrogate.id, 'lone_surrogate'],
      [nul.id, 'nul_character'],
      [notEnvelope.id, 'not_an_envelope'],
    ]);
    expect(mocks.sentIds()).toEqual([[before.id, after.id]]);
  });

  it('sends a slice the transport refuses for good again record by record, and sets aside only what it refuses', async () => {
    const { sut, mocks } = setup();
    const batch = [record('a'), record('b'), record('a'), record('c')];
    mocks.refuse(batch[1]!);

    const published = await sut.publish(batch);

    expect(published.map((r) => r.id)).toEqual([batch[0]!.id, batch[2]!.id, batch[3]!.id]);
    expect(mocks.sentIds()).toEqual([batch.map((r) => r.id), [batch[0]!.id], [batch[1]!.id], [batch[2]!.id], [batch[3]!.id]]);
    expect(mocks.setAside).toEqual([
      [
        {
          record: expect.objectContaining(batch[1]!),
          reason: 'refused_by_transport',
          error: 'kafka refused the record: MESSAGE_TOO_LARGE',
        },
      ],
    ]);
  });

  it('sets aside a refused record that went alone without sending it twice, and carries on with the next slice', async () => {
    const { sut, mocks } = setup({ maxSliceBytes: 1 });
    const batch = [record('a'), record('b')];
    mocks.refuse(batch[0]!);

    await expect(sut.publish(batch)).resolves.toEqual([expect.objectContaining(batch[1]!)]);

    expect(mocks.sentIds()).toEqual([[batch[0]!.id], [batch[1]!.id]]);
    expect(mocks.setAsideIds()).toEqual([[batch[0]!.id, 'refused_by_transport']]);
  });

  it.each([
    ['a broker that is away', new Error('Connection error: connect ECONNREFUSED 127.0.0.1:9092')],
    ['a consumer that is offline', new ConsumerOfflineError('in-process consumers not running: auth; delivery deferred')],
  ])('lets %s fail the batch and sets nothing aside, however large the records', async (_label, error) => {
    const { sut, mocks } = setup();
    mocks.failSend(1, error);

    await expect(sut.publish([record('a', 'x'.repeat(2_000_000)), record('b')])).rejects.toBe(error);

    expect(mocks.setAside).toEqual([]);
  });

  it('stops at an outage met while sending record by record; the refusals found by then stay set aside', async () => {
    const { sut, mocks } = setup();
    const batch = [record('a'), record('b'), record('c')];
    mocks.refuse(batch[0]!);
    const outage = new Error('Connection error: broker went away');
    // Sends: the slice (refused), the first record alone (refused, set aside), the second record (outage).
    mocks.failSend(3, outage);

    await expect(sut.publish(batch)).rejects.toBe(outage);

    expect(mocks.sentIds()).toEqual([batch.map((r) => r.id), [batch[0]!.id], [batch[1]!.id]]);
    expect(mocks.setAsideIds()).toEqual([[batch[0]!.id, 'refused_by_transport']]);
  });
});

describe('slicesByBytes', () => {
  const sized = (seq: number, size: number): OutboxRecord => ({
    seq: String(seq),
    id: `id-${seq}`,
    topic: 't',
    type: 'x',
    subject: 's',
    envelope: 'x'.repeat(size - 1),
  });

  it('keeps a small batch in one slice', () => {
    const batch = [sized(1, 100), sized(2, 100)];
    expect(slicesByBytes(batch, 1000)).toEqual([batch]);
  });

  it('cuts at the byte limit and keeps seq order across slices', () => {
    const batch = Array.from({ length: 10 }, (_, i) => sized(i + 1, 300));
    const slices = slicesByBytes(batch, 1000);
    expect(slices.map((s) => s.length)).toEqual([3, 3, 3, 1]);
    expect(slices.flat().map((r) => r.seq)).toEqual(batch.map((r) => r.seq));
  });

  it('sends a record larger than the limit on its own', () => {
    const batch = [sized(1, 10), sized(2, 5000), sized(3, 10)];
    expect(slicesByBytes(batch, 1000).map((s) => s.map((r) => r.seq))).toEqual([['1'], ['2'], ['3']]);
  });

  it('counts bytes, not characters', () => {
    const wide = { ...sized(1, 1), envelope: 'é'.repeat(400) }; // 800 bytes
    expect(slicesByBytes([wide, wide], 1000)).toHaveLength(2);
  });
});
