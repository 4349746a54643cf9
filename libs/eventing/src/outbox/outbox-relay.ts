import type { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { WakeSignal } from '@suite/database';
import { exponentialBackoffMs } from '@suite/time';
import { ConsumerOfflineError, type EventTransport } from '../transport/event-transport.port';
import type { EventingLogger } from '../support/eventing-logger';
import { errorMessage, sleep, withTimeout } from '../support/sleep';
import { outboxChannel } from '../topics/topic-names';
import { OutboxBatchPublisher } from './outbox-batch-publisher';
import { OutboxRelayStore, type OutboxRecord, type OutboxSetAside, type SetAsideReason } from './outbox-relay-store';
import { RelayLeadership } from './relay-leadership';

export interface OutboxRelayOptions {
  /** Rows per claim/publish/mark round. */
  batchSize: number;
  /** Fallback wake-up when no NOTIFY arrives (lost connection, missed notification). */
  pollIntervalMs: number;
  /**
   * While rows keep coming (something was published within busyWindowMs), poll every
   * busyPollMs instead of waiting for NOTIFY: writers debounce their NOTIFYs under load.
   */
  busyPollMs: number;
  busyWindowMs: number;
  /** How often a standby retries to become leader. */
  standbyRetryMs: number;
  minBackoffMs: number;
  maxBackoffMs: number;
  /** Published outbox rows are deleted after this long. */
  retentionMs: number;
  /** Inbox rows are deleted after this long; it bounds how late a duplicate is still recognised. */
  inboxRetentionMs: number;
  purgeIntervalMs: number;
  /**
   * Test-only fault injection: runs after a batch was published and before it is marked.
   * Throwing here is the relay dying at the worst moment.
   */
  afterPublish?: (batch: readonly OutboxRecord[]) => Promise<void>;
}

export interface RelayMetrics {
  published(topic: string, count?: number): void;
  outboxDeadLettered(topic: string, reason: SetAsideReason): void;
  relayLag(seconds: number): void;
}

export interface RelayStatus {
  running: boolean;
  leader: boolean;
  lastError: string | null;
  consecutiveFailures: number;
  /** Start of the current run of failed rounds as the leader; null while it succeeds (or stands by). */
  failingSince: string | null;
  lastPublishedAt: string | null;
  /** Set when the relay's loop ended by itself (a bug): nothing publishes this app's events until a restart. */
  endedUnexpectedly: string | null;
}

const PURGE_CHUNK = 10_000;
/** 100 chunks a minute: retention keeps up with ~16,000 events/s. */
const PURGE_CHUNKS_PER_PASS = 100;

/**
 * Moves committed outbox rows to the transport, in seq order, at least once. Failures (the
 * broker is down) leave rows unmarked and are retried forever with capped backoff; writers
 * never notice. A row that can never be published is set aside in outbox_dead_letter instead,
 * and the rows behind it move on (decision 0020). Woken by NOTIFY on commit, with polling as
 * the safety net.
 */
export class OutboxRelay {
  private readonly store: OutboxRelayStore;
  private readonly publisher: OutboxBatchPublisher;
  private readonly leadership: RelayLeadership;
  private readonly wake = new WakeSignal();
  private readonly stopSignal = new WakeSignal();
  private loop: Promise<void> | null = null;
  private stopping = false;
  private mutex: Promise<unknown> = Promise.resolve();
  private lastPurgeAt = 0;
  private lastError: string | null = null;
  private consecutiveFailures = 0;
  private failingSince: Date | null = null;
  private lastPublishedAt: Date | null = null;
  private endedUnexpectedly: string | null = null;
  private lastBusyAt = Number.NEGATIVE_INFINITY;

  constructor(
    dataSource: DataSource,
    schema: string,
    transport: Pick<EventTransport, 'publish'>,
    private readonly options: OutboxRelayOptions,
    private readonly metrics: RelayMetrics,
    private readonly logger: EventingLogger,
  ) {
    this.store = new OutboxRelayStore(schema);
    this.publisher = new OutboxBatchPublisher(transport, (letters) => this.setAside(letters));
    this.leadership = new RelayLeadership(
      dataSource,
      `eventing:outbox-relay:${schema}`,
      outboxChannel(schema),
      () => this.wake.notify(),
      logger,
    );
  }

  start(): void {
    if (this.loop || this.stopping) return;
    this.loop = this.run().catch((error) => {
      this.endedUnexpectedly = errorMessage(error);
      this.logger.error('outbox relay loop ended unexpectedly', { error: this.endedUnexpectedly });
    });
  }

  status(): RelayStatus {
    return {
      running: this.loop !== null && !this.stopping && this.endedUnexpectedly === null,
      leader: this.leadership.held,
      lastError: this.lastError,
      consecutiveFailures: this.consecutiveFailures,
      failingSince: this.failingSince?.toISOString() ?? null,
      lastPublishedAt: this.lastPublishedAt?.toISOString() ?? null,
      endedUnexpectedly: this.endedUnexpectedly,
    };
  }

  /**
   * Publishes everything committed so far (at shutdown, and in tests). A standby returns at
   * once: the leader elsewhere owns the outbox. Rejects if the transport stays down. A row that
   * can never be published is set aside as in the loop, so it does not use up the timeout.
   */
  async flush(timeoutMs = 30_000): Promise<void> {
    if (this.stopping) return;
    if (!(await this.ensureLeadership())) return;
    const deadline = Date.now() + timeoutMs;
    for (let failures = 1; ; failures++) {
      try {
        // Bounded as a whole, including the wait for a drain the loop has in progress.
        await withTimeout(
          this.exclusive(() => this.drain()),
          Math.max(1, deadline - Date.now()),
          'outbox flush',
        );
        return;
      } catch (error) {
        const delay = this.backoff(failures);
        if (this.stopping || error instanceof ConsumerOfflineError || Date.now() + delay > deadline) {
          throw new Error(`outbox flush did not complete: ${errorMessage(error)}`);
        }
        await sleep(delay);
      }
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake.notify();
    this.stopSignal.notify();
    await this.loop;
    // Waits for a flush() that is mid-batch, so the connection is not closed under it.
    await this.exclusive(async () => undefined);
    await this.leadership.release();
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      if (!(await this.ensureLeadership())) {
        // Readiness asks how long the leader has been failing; a standby is not failing.
        this.failingSince = null;
        await this.wake.wait(this.options.standbyRetryMs);
        continue;
      }
      // A round that fails counts from its start: a send that hangs until its timeout was failing all along.
      const roundStartedAt = new Date();
      try {
        if ((await this.exclusive(() => this.drain())) > 0) this.lastBusyAt = performance.now();
        if (this.consecutiveFailures > 0) this.logger.log('outbox relay recovered', { failures: this.consecutiveFailures });
        this.consecutiveFailures = 0;
        this.failingSince = null;
        this.lastError = null;
        this.metrics.relayLag(0);
        await this.purgeIfDue();
      } catch (error) {
        await this.onFailure(error, roundStartedAt);
        continue;
      }
      const busy = performance.now() - this.lastBusyAt < this.options.busyWindowMs;
      await this.wake.wait(busy ? this.options.busyPollMs : this.options.pollIntervalMs);
    }
  }

  private async onFailure(error: unknown, roundStartedAt: Date): Promise<void> {
    this.consecutiveFailures++;
    this.failingSince ??= roundStartedAt;
    this.lastError = errorMessage(error);
    // Log the first failure and then sparsely: an outage of minutes must not flood the log.
    if (this.consecutiveFailures === 1 || this.consecutiveFailures % 20 === 0) {
      this.logger.warn('outbox relay could not publish; retrying with backoff', {
        error: this.lastError,
        failures: this.consecutiveFailures,
      });
    }
    if (this.leadership.held) {
      await this.exclusive(() => this.store.oldestUnpublishedAgeSeconds(this.leadership.session))
        .then((age) => this.metrics.relayLag(age))
        .catch(() => undefined);
    }
    await this.stopSignal.wait(this.backoff(this.consecutiveFailures));
  }

  private async ensureLeadership(): Promise<boolean> {
    if (this.leadership.held) return true;
    try {
      const acquired = await this.leadership.tryAcquire();
      if (acquired) this.logger.log('outbox relay is the leader for its schema');
      return acquired;
    } catch (error) {
      this.logger.warn('outbox relay could not contend for leadership', { error: errorMessage(error) });
      return false;
    }
  }

  /** Publishes until a batch comes back short; returns how many rows it took (published or set aside). */
  private async drain(): Promise<number> {
    let total = 0;
    while (!this.stopping) {
      const batch = await this.store.claim(this.leadership.session, this.options.batchSize);
      if (batch.length === 0) break;
      const published = await this.publisher.publish(batch);
      await this.options.afterPublish?.(published);
      this.notePublished(published);
      await this.store.markPublished(this.leadership.session, published);
      total += batch.length;
      if (batch.length < this.options.batchSize) break;
    }
    return total;
  }

  private notePublished(published: readonly OutboxRecord[]): void {
    if (published.length === 0) return;
    this.lastPublishedAt = new Date();
    const perTopic = new Map<string, number>();
    for (const record of published) perTopic.set(record.topic, (perTopic.get(record.topic) ?? 0) + 1);
    for (const [topic, count] of perTopic) this.metrics.published(topic, count);
  }

  /**
   * Moves never-publishable rows to outbox_dead_letter, on the leader's session like the rest.
   * The log line names the event but never carries its payload, which may hold personal data.
   */
  private async setAside(letters: readonly OutboxSetAside[]): Promise<void> {
    await this.store.setAside(this.leadership.session, letters);
    for (const { record, reason, error } of letters) {
      this.metrics.outboxDeadLettered(record.topic, reason);
      this.logger.error('outbox event can never be published; set aside in outbox_dead_letter', {
        event_id: record.id,
        type: record.type,
        topic: record.topic,
        subject: record.subject,
        seq: record.seq,
        reason,
        error,
      });
    }
  }

  private async purgeIfDue(): Promise<void> {
    if (Date.now() - this.lastPurgeAt < this.options.purgeIntervalMs) return;
    this.lastPurgeAt = Date.now();
    try {
      const outbox = await this.purgeInChunks((session) =>
        this.store.purgePublished(session, this.options.retentionMs, PURGE_CHUNK),
      );
      const inbox = await this.purgeInChunks((session) =>
        this.store.purgeInbox(session, this.options.inboxRetentionMs, PURGE_CHUNK),
      );
      if (outbox + inbox > 0) this.logger.debug('retention purge', { outbox, inbox });
    } catch (error) {
      this.logger.warn('retention purge failed', { error: errorMessage(error) });
    }
  }

  /**
   * Chunk by chunk, each under the mutex, so publishing interleaves with a big purge; capped
   * per pass (the next pass continues) so a backlog cannot keep the relay purging for long.
   */
  private async purgeInChunks(purge: (session: Client) => Promise<number>): Promise<number> {
    let total = 0;
    for (let chunk = 0; chunk < PURGE_CHUNKS_PER_PASS && !this.stopping; chunk++) {
      const deleted = await this.exclusive(() => purge(this.leadership.session));
      total += deleted;
      if (deleted < PURGE_CHUNK) break;
    }
    return total;
  }

  private backoff(failures: number): number {
    return exponentialBackoffMs(failures, { baseMs: this.options.minBackoffMs, maxMs: this.options.maxBackoffMs });
  }

  /** One drain at a time: the loop and flush() must not publish two batches concurrently. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.mutex.then(work, work);
    this.mutex = result.catch(() => undefined);
    return result;
  }
}
