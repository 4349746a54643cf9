import type { DeadLetter, InboundBatchContext, InboundMessage } from '../transport/event-transport.port';
import { decodeEnvelope } from '../envelope/envelope-codec';
import type { EventingLogger } from '../support/eventing-logger';
import { errorMessage, sleep } from '../support/sleep';
import type { ApplyEvent, InboxOutcome, InboxPort, ReceivedEvent } from './inbox.port';
import type { RetryPolicy } from './retry-policy';

export interface BatchProcessorMetrics {
  consumed(topic: string, occurredAt: string): void;
  duplicate(topic: string): void;
  deadLettered(topic: string): void;
}

export interface BatchProcessorDeps {
  inbox: InboxPort;
  apply: ApplyEvent;
  /**
   * Which events of a chunk a handler here may act on (HandlerRegistry.wanted). One that none
   * takes has nothing to apply and nothing to deduplicate: it is done without a transaction or an
   * inbox row (a chunk of only such events costs no statement of the inbox). Every event is taken
   * when unset, or when the answer fails.
   */
  wanted?: (events: readonly ReceivedEvent[]) => Promise<boolean[]>;
  deadLetter: (letter: DeadLetter) => Promise<void>;
  retryPolicy: RetryPolicy;
  logger: EventingLogger;
  metrics: BatchProcessorMetrics;
  /** Events per transaction on the happy path. */
  maxTransactionSize: number;
  /** Heartbeat cadence while one transaction or backoff runs (handlers may be slow). */
  heartbeatIntervalMs: number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Applies one partition's batch, in order. Fast path: a chunk of events in one transaction.
 * If that fails, the chunk is replayed one event per transaction so a single poison event
 * cannot hold back the others; a failing event is retried with backoff and, after the
 * configured attempts, dead-lettered so the partition moves on. Offsets are resolved only
 * for messages that are done (applied, duplicate or dead-lettered).
 */
export class BatchProcessor {
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly deps: BatchProcessorDeps) {
    this.sleep = deps.sleep ?? sleep;
  }

  async process(messages: readonly InboundMessage[], context: InboundBatchContext): Promise<void> {
    let pending: ReceivedEvent[] = [];
    for (const message of messages) {
      const decoded = decodeEnvelope(message.rawValue ?? message.value);
      if (decoded.ok) {
        pending.push({ envelope: decoded.envelope, message });
        continue;
      }
      // Keep partition order: everything before the poison message is applied first.
      if (!(await this.applyAll(pending, context))) return;
      pending = [];
      if (!context.isActive()) return;
      // Malformed input never becomes valid; no point retrying it.
      await this.park({ message, envelope: null, error: decoded.reason, attempts: 0 });
      context.resolveOffset(message.offset);
    }
    if (!(await this.applyAll(pending, context))) return;
    await context.commitOffsets();
  }

  /** False when the consumer lost the partition or is stopping; the rest is redelivered. */
  private async applyAll(events: readonly ReceivedEvent[], context: InboundBatchContext): Promise<boolean> {
    for (let start = 0; start < events.length; start += this.deps.maxTransactionSize) {
      if (!context.isActive()) return false;
      const chunk = events.slice(start, start + this.deps.maxTransactionSize);
      if (!(await this.applyChunk(chunk, context))) return false;
      await context.heartbeat();
    }
    return true;
  }

  private async applyChunk(chunk: readonly ReceivedEvent[], context: InboundBatchContext): Promise<boolean> {
    const flags = await this.wantedOf(chunk, context);
    const wanted = chunk.filter((_, i) => flags[i]);
    // What no handler takes is consumed as it is read (its offset resolved with the chunk's).
    chunk.forEach((event, i) => flags[i] || this.deps.metrics.consumed(event.message.topic, event.envelope.occurred_at));
    if (wanted.length === 0) {
      context.resolveOffset(chunk[chunk.length - 1]!.message.offset);
      return true;
    }
    if (wanted.length > 1) {
      try {
        const outcome = await this.withHeartbeat(context, () => this.deps.inbox.applyInTransaction(wanted, this.deps.apply));
        this.record(outcome);
        context.resolveOffset(chunk[chunk.length - 1]!.message.offset);
        return true;
      } catch (error) {
        this.deps.logger.debug('batch transaction failed; retrying its events one per transaction', {
          error: errorMessage(error),
          events: chunk.length,
        });
      }
    }
    for (const [i, event] of chunk.entries()) {
      if (!context.isActive()) return false;
      if (flags[i] && !(await this.applyOne(event, context))) return false;
      context.resolveOffset(event.message.offset);
    }
    return true;
  }

  private async wantedOf(chunk: readonly ReceivedEvent[], context: InboundBatchContext): Promise<boolean[]> {
    const wanted = this.deps.wanted;
    if (!wanted) return chunk.map(() => true);
    return this.withHeartbeat(context, () => wanted(chunk)).catch(() => chunk.map(() => true));
  }

  private async applyOne(event: ReceivedEvent, context: InboundBatchContext): Promise<boolean> {
    let attempts = 0;
    for (let failures = 1; ; failures++) {
      try {
        this.record(await this.withHeartbeat(context, () => this.deps.inbox.applyInTransaction([event], this.deps.apply)));
        return true;
      } catch (error) {
        const decision = this.deps.retryPolicy.decide(attempts, failures, error);
        if (decision.kind === 'dead-letter') {
          await this.park({
            message: event.message,
            envelope: event.envelope,
            error: errorMessage(error),
            attempts: attempts + 1,
          });
          return true;
        }
        if (decision.countsAsAttempt) attempts++;
        this.deps.logger.warn('event handling failed; will retry', {
          eventId: event.envelope.id,
          type: event.envelope.type,
          topic: event.message.topic,
          attempt: attempts,
          transient: !decision.countsAsAttempt,
          error: errorMessage(error),
        });
        if (!context.isActive()) return false;
        await this.withHeartbeat(context, () => this.sleep(decision.delayMs));
      }
    }
  }

  private async park(letter: DeadLetter): Promise<void> {
    await this.deps.deadLetter(letter);
    this.deps.metrics.deadLettered(letter.message.topic);
    this.deps.logger.error('event dead-lettered', {
      eventId: letter.envelope?.id ?? null,
      type: letter.envelope?.type ?? null,
      topic: letter.message.physicalTopic,
      partition: letter.message.partition,
      offset: letter.message.offset,
      attempts: letter.attempts,
      error: letter.error,
    });
  }

  private record(outcome: InboxOutcome): void {
    for (const event of outcome.applied) this.deps.metrics.consumed(event.message.topic, event.envelope.occurred_at);
    for (const event of outcome.duplicates) this.deps.metrics.duplicate(event.message.topic);
  }

  /** Keeps the group membership alive while a long handler or a backoff runs. */
  private async withHeartbeat<T>(context: InboundBatchContext, work: () => Promise<T>): Promise<T> {
    const timer = setInterval(() => {
      // A failed heartbeat (rebalance) surfaces at the next explicit one; isActive() covers the rest.
      context.heartbeat().catch(() => undefined);
    }, this.deps.heartbeatIntervalMs);
    try {
      return await work();
    } finally {
      clearInterval(timer);
    }
  }
}
