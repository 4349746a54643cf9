import type { EntityManager } from 'typeorm';
import { silentEventingLogger } from '../support/eventing-logger';
import type { DeadLetter, InboundBatchContext, InboundMessage } from '../transport/event-transport.port';
import { BatchProcessor } from './batch-processor';
import type { ApplyEvent, InboxOutcome, InboxPort, ReceivedEvent } from './inbox.port';
import { RetryPolicy } from './retry-policy';

/** In-memory inbox with real transaction semantics: all of a call commits, or none of it. */
class FakeInbox implements InboxPort {
  readonly seen = new Set<string>();
  readonly effects: string[] = [];
  transactions = 0;

  async applyInTransaction(events: readonly ReceivedEvent[], apply: ApplyEvent): Promise<InboxOutcome> {
    this.transactions++;
    const staged = new Set<string>();
    const stagedEffects: string[] = [];
    const manager = { record: (effect: string) => stagedEffects.push(effect) } as unknown as EntityManager;
    const applied: ReceivedEvent[] = [];
    const duplicates: ReceivedEvent[] = [];
    for (const event of events) {
      if (this.seen.has(event.envelope.id) || staged.has(event.envelope.id)) {
        duplicates.push(event);
        continue;
      }
      staged.add(event.envelope.id);
      await apply(event, manager); // throws => nothing below runs: rollback
      applied.push(event);
    }
    staged.forEach((id) => this.seen.add(id));
    this.effects.push(...stagedEffects);
    return { applied, duplicates };
  }
}

class FakeContext implements InboundBatchContext {
  resolved: string[] = [];
  commits = 0;
  heartbeats = 0;
  active = true;
  async heartbeat() {
    this.heartbeats++;
  }
  resolveOffset(offset: string) {
    this.resolved.push(offset);
  }
  async commitOffsets() {
    this.commits++;
  }
  isActive() {
    return this.active;
  }
}

let nextOffset = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function message(id: number, subject = 's1', value?: string): InboundMessage {
  const envelope = {
    id: uuid(id),
    type: 'company.created',
    version: 1,
    occurred_at: new Date().toISOString(),
    company_id: null,
    subject,
    data: { n: id },
    traceparent: null,
  };
  return {
    topic: 'platform.company.v1',
    physicalTopic: 'p.platform.company.v1',
    partition: 0,
    offset: String(nextOffset++),
    key: subject,
    value: value ?? JSON.stringify(envelope),
    headers: {},
  };
}

function setup(
  options: {
    maxAttempts?: number;
    maxTransactionSize?: number;
    failing?: (n: number) => unknown;
    wanted?: (event: ReceivedEvent) => boolean;
  } = {},
) {
  const inbox = new FakeInbox();
  const deadLetters: DeadLetter[] = [];
  const delays: number[] = [];
  const metrics = { consumed: jest.fn(), duplicate: jest.fn(), deadLettered: jest.fn() };
  const apply: ApplyEvent = async (event, manager) => {
    const n = (event.envelope.data as { n: number }).n;
    const failure = options.failing?.(n);
    if (failure) throw failure;
    (manager as unknown as { record(e: string): void }).record(`${event.envelope.subject}:${n}`);
  };
  const processor = new BatchProcessor({
    inbox,
    apply,
    deadLetter: async (letter) => {
      deadLetters.push(letter);
    },
    retryPolicy: new RetryPolicy({ maxAttempts: options.maxAttempts ?? 3, baseDelayMs: 10, maxDelayMs: 40 }),
    logger: silentEventingLogger,
    metrics,
    maxTransactionSize: options.maxTransactionSize ?? 100,
    heartbeatIntervalMs: 1000,
    wanted: options.wanted && (async (events) => events.map(options.wanted!)),
    sleep: async (ms) => {
      delays.push(ms);
    },
  });
  return { inbox, deadLetters, delays, metrics, processor, context: new FakeContext() };
}

describe('BatchProcessor', () => {
  it('applies a healthy batch in one transaction and resolves its last offset', async () => {
    const { processor, inbox, context, metrics } = setup();
    const batch = [message(1), message(2), message(3)];

    await processor.process(batch, context);

    expect(inbox.transactions).toBe(1);
    expect(inbox.effects).toEqual(['s1:1', 's1:2', 's1:3']);
    expect(context.resolved).toEqual([batch[2]!.offset]);
    expect(context.commits).toBe(1);
    expect(metrics.consumed).toHaveBeenCalledTimes(3);
  });

  it('does an event no handler takes without the inbox: a chunk of only such events opens no transaction', async () => {
    const taken = (event: ReceivedEvent) => (event.envelope.data as { n: number }).n % 2 === 1;
    const { processor, inbox, context, metrics } = setup({ maxTransactionSize: 2, wanted: taken });
    const batch = [1, 2, 4, 6, 3].map((n) => message(n));

    await processor.process(batch, context);

    // [1, 2]: one transaction for 1; [4, 6]: none; [3]: one.
    expect(inbox.transactions).toBe(2);
    expect(inbox.effects).toEqual(['s1:1', 's1:3']);
    expect([...inbox.seen]).toEqual([uuid(1), uuid(3)]);
    // Every offset is resolved, the skipped ones with their chunk (a chunk of one taken event goes
    // the one-per-transaction way, resolving each): nothing is delivered again.
    expect(context.resolved).toEqual([batch[0]!.offset, batch[1]!.offset, batch[3]!.offset, batch[4]!.offset]);
    expect(context.commits).toBe(1);
    expect(metrics.consumed).toHaveBeenCalledTimes(5);
  });

  it('skips an event no handler takes in the one-per-transaction fallback too', async () => {
    const poison = new Error('handler bug');
    const taken = (event: ReceivedEvent) => (event.envelope.data as { n: number }).n !== 4;
    const { processor, inbox, context, deadLetters } = setup({
      maxAttempts: 1,
      wanted: taken,
      failing: (n) => (n === 2 ? poison : null),
    });
    const batch = [1, 2, 4, 3].map((n) => message(n));

    await processor.process(batch, context);

    expect(inbox.effects).toEqual(['s1:1', 's1:3']);
    expect(deadLetters.map((letter) => letter.envelope?.id)).toEqual([uuid(2)]);
    expect(inbox.seen.has(uuid(4))).toBe(false);
    expect(context.resolved).toEqual(batch.map((m) => m.offset));
  });

  it('splits a large batch into transactions of maxTransactionSize, in order', async () => {
    const { processor, inbox, context } = setup({ maxTransactionSize: 2 });
    const batch = [1, 2, 3, 4, 5].map((n) => message(n));

    await processor.process(batch, context);

    expect(inbox.transactions).toBe(3);
    expect(inbox.effects).toEqual(['s1:1', 's1:2', 's1:3', 's1:4', 's1:5']);
    expect(context.resolved).toEqual([batch[1]!.offset, batch[3]!.offset, batch[4]!.offset]);
  });

  it('skips redelivered events, also when the same event appears twice in one batch', async () => {
    const { processor, inbox, context, metrics } = setup();
    await processor.process([message(1)], context);
    const again = message(1);
    const twice = [message(2), message(2)];

    await processor.process([again, ...twice], context);

    expect(inbox.effects).toEqual(['s1:1', 's1:2']);
    expect(metrics.duplicate).toHaveBeenCalledTimes(2);
  });

  it('falls back to one transaction per event so a poison event is dead-lettered and the rest applied in order', async () => {
    const poison = new Error('handler bug');
    const { processor, inbox, context, deadLetters, delays } = setup({
      maxAttempts: 3,
      failing: (n) => (n === 2 ? poison : null),
    });
    const batch = [message(1), message(2), message(3)];

    await processor.process(batch, context);

    expect(inbox.effects).toEqual(['s1:1', 's1:3']);
    expect(deadLetters).toHaveLength(1);
    expect(deadLetters[0]).toMatchObject({ attempts: 3, error: 'handler bug', envelope: { id: uuid(2) } });
    expect(delays).toEqual([10, 20]);
    expect(context.resolved).toEqual(batch.map((m) => m.offset));
  });

  it('dead-letters an unparseable message at once, after applying the events before it', async () => {
    const { processor, inbox, context, deadLetters } = setup();
    const batch = [message(1), message(0, 's1', 'not json {'), message(3)];
    const order: string[] = [];
    const originalApply = inbox.applyInTransaction.bind(inbox);
    inbox.applyInTransaction = async (events, apply) => {
      order.push(`tx:${events.length}`);
      return originalApply(events, apply);
    };
    const processorOrder = deadLetters;

    await processor.process(batch, context);

    expect(inbox.effects).toEqual(['s1:1', 's1:3']);
    expect(processorOrder).toEqual([
      expect.objectContaining({ envelope: null, attempts: 0, error: 'message value is not JSON' }),
    ]);
    expect(order).toEqual(['tx:1', 'tx:1']);
    expect(context.resolved).toEqual([batch[0]!.offset, batch[1]!.offset, batch[2]!.offset]);
  });

  it('dead-letters a JSON message that is not an envelope', async () => {
    const { processor, context, deadLetters } = setup();

    await processor.process([message(0, 's1', '{"hello":"world"}')], context);

    expect(deadLetters[0]?.error).toMatch(/^not an event envelope: id must be a uuid/);
  });

  it('retries infrastructure failures without using up attempts', async () => {
    let failures = 0;
    const { processor, inbox, context, deadLetters } = setup({
      maxAttempts: 1,
      failing: () => (failures++ < 4 ? Object.assign(new Error('terminating connection'), { code: '57P01' }) : null),
    });

    await processor.process([message(1)], context);

    expect(deadLetters).toHaveLength(0);
    expect(inbox.effects).toEqual(['s1:1']);
  });

  it('stops without resolving the rest when the partition is taken away', async () => {
    const { processor, inbox, context } = setup({ maxTransactionSize: 1 });
    const batch = [message(1), message(2), message(3)];
    const originalApply = inbox.applyInTransaction.bind(inbox);
    inbox.applyInTransaction = async (events, apply) => {
      const outcome = await originalApply(events, apply);
      context.active = false; // rebalance after the first transaction
      return outcome;
    };

    await processor.process(batch, context);

    expect(inbox.effects).toEqual(['s1:1']);
    expect(context.resolved).toEqual([batch[0]!.offset]);
    expect(context.commits).toBe(0);
  });

  it('does not resolve a message whose dead-lettering failed, so it is redelivered', async () => {
    const { processor, context } = setup();
    const failingProcessor = new BatchProcessor({
      ...(processor as unknown as { deps: ConstructorParameters<typeof BatchProcessor>[0] }).deps,
      deadLetter: async () => {
        throw new Error('kafka down');
      },
    });

    await expect(failingProcessor.process([message(0, 's1', 'garbage')], context)).rejects.toThrow('kafka down');
    expect(context.resolved).toEqual([]);
  });
});
