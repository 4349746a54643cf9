import { AsyncResource } from 'node:async_hooks';
import { ConsumerOfflineError, type InboundBatchContext } from '../event-transport.port';

export interface BusMessage {
  /** Physical topic name (prefix included), as on Kafka. */
  readonly topic: string;
  readonly key: string;
  readonly value: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface BusDelivery {
  readonly topic: string;
  readonly key: string;
  readonly value: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Bus-wide sequence number, so offsets compare across topics within one delivery. */
  readonly offset: string;
}

export type BusHandler = (deliveries: readonly BusDelivery[], context: InboundBatchContext) => Promise<void>;

interface Subscriber {
  readonly groupId: string;
  readonly topics: ReadonlySet<string>;
  readonly handler: BusHandler;
  readonly inFlight: Set<Promise<void>>;
}

/**
 * The process-wide stand-in for Kafka in embedded mode. publish() resolves only after every
 * subscribed group has applied (or dead-lettered) its share, so the relay marks a batch
 * published only once it is really consumed; a crash in between means redelivery, which the
 * inbox absorbs. Nothing is stored here: the outbox tables are the durable queue.
 */
export class InProcessBus {
  private static sharedBus: InProcessBus | undefined;
  private readonly subscribers = new Map<string, Subscriber>();
  /** Groups that subscribed to a topic at some point in this process. */
  private readonly knownGroups = new Map<string, Set<string>>();
  private sequence = 0n;
  private holds = 0;
  private released: Promise<void> = Promise.resolve();
  private release: () => void = () => undefined;

  static shared(): InProcessBus {
    return (InProcessBus.sharedBus ??= new InProcessBus());
  }

  /**
   * Makes publish() wait until the returned function is called. The embedded launcher holds
   * the bus while it boots the apps one after another: otherwise the first app's relay could
   * publish before the others subscribed, and they would miss those events for good.
   */
  hold(): () => void {
    if (this.holds++ === 0) this.released = new Promise((resolve) => (this.release = resolve));
    let done = false;
    return () => {
      if (done) return;
      done = true;
      if (--this.holds === 0) this.release();
    };
  }

  subscribe(groupId: string, topics: readonly string[], handler: BusHandler): () => Promise<void> {
    if (this.subscribers.has(groupId)) throw new Error(`in-process bus: group "${groupId}" already subscribed`);
    // The handler runs in the async context it subscribed from (the consuming app's), not in the
    // publishing relay's: its log lines carry the consumer's name, its trace starts from the envelope.
    const subscriber: Subscriber = {
      groupId,
      topics: new Set(topics),
      handler: AsyncResource.bind(handler),
      inFlight: new Set(),
    };
    this.subscribers.set(groupId, subscriber);
    for (const topic of topics) {
      const groups = this.knownGroups.get(topic) ?? new Set<string>();
      groups.add(groupId);
      this.knownGroups.set(topic, groups);
    }
    // Unsubscribing lets the deliveries already running finish, like a Kafka consumer's stop.
    return async () => {
      if (this.subscribers.get(groupId) === subscriber) this.subscribers.delete(groupId);
      await Promise.allSettled([...subscriber.inFlight]);
    };
  }

  async publish(messages: readonly BusMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await this.released;
    const deliveries = messages.map((m) => ({ ...m, offset: String(++this.sequence) }));
    const missing = this.offlineGroups(deliveries);
    if (missing.length > 0) {
      throw new ConsumerOfflineError(`in-process consumers not running: ${missing.join(', ')}; delivery deferred`);
    }
    const results = await Promise.allSettled(
      [...this.subscribers.values()].map((subscriber) => {
        const share = deliveries.filter((d) => subscriber.topics.has(d.topic));
        return share.length > 0 ? this.deliver(subscriber, share) : Promise.resolve();
      }),
    );
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** A group that consumed a topic earlier but is not subscribed now would miss events. */
  private offlineGroups(deliveries: readonly BusDelivery[]): string[] {
    const missing = new Set<string>();
    for (const topic of new Set(deliveries.map((d) => d.topic))) {
      for (const group of this.knownGroups.get(topic) ?? []) {
        if (!this.subscribers.has(group)) missing.add(group);
      }
    }
    return [...missing];
  }

  private deliver(subscriber: Subscriber, share: readonly BusDelivery[]): Promise<void> {
    let resolvedUpTo = 0n;
    const last = BigInt(share[share.length - 1]!.offset);
    const context: InboundBatchContext = {
      heartbeat: async () => undefined,
      resolveOffset: (offset) => {
        const value = BigInt(offset);
        if (value > resolvedUpTo) resolvedUpTo = value;
      },
      commitOffsets: async () => undefined,
      isActive: () => this.subscribers.get(subscriber.groupId) === subscriber,
    };
    const delivery = subscriber.handler(share, context).then(() => {
      if (resolvedUpTo < last) {
        throw new ConsumerOfflineError(`in-process consumer "${subscriber.groupId}" stopped before finishing a delivery`);
      }
    });
    const tracked = delivery.catch(() => undefined);
    subscriber.inFlight.add(tracked);
    void tracked.finally(() => subscriber.inFlight.delete(tracked));
    return delivery;
  }
}

/** See InProcessBus.hold(). */
export function holdInProcessDelivery(): () => void {
  return InProcessBus.shared().hold();
}
