import { consumerGroupId, logicalTopicName, physicalTopicName } from '../../topics/topic-names';
import type { DeadLetter, EventTransport, InboundBatchHandler, OutboundMessage, TransportHealth } from '../event-transport.port';
import type { BusDelivery, InProcessBus } from './in-process-bus';

export interface InProcessTransportOptions {
  /** Consumer group (the app name); at most one subscriber per group and bus. */
  groupId: string;
  topicPrefix: string;
  /** Where this app parks events it gave up on: its `dead_letter` table. */
  deadLetter: (letter: DeadLetter) => Promise<void>;
}

/** One app's view of the shared InProcessBus; same contract as the Kafka transport. */
export class InProcessTransport implements EventTransport {
  readonly kind = 'in-process' as const;
  private subscription: { topics: readonly string[]; handler: InboundBatchHandler } | null = null;
  private unsubscribe: (() => Promise<void>) | null = null;

  constructor(
    private readonly bus: InProcessBus,
    private readonly options: InProcessTransportOptions,
  ) {}

  subscribe(topics: readonly string[], handler: InboundBatchHandler): void {
    if (this.subscription) throw new Error('InProcessTransport: subscribe() may be called once');
    this.subscription = { topics, handler };
  }

  async start(): Promise<void> {
    if (!this.subscription || this.unsubscribe) return;
    const { topics, handler } = this.subscription;
    const prefix = this.options.topicPrefix;
    this.unsubscribe = this.bus.subscribe(
      consumerGroupId(prefix, this.options.groupId),
      topics.map((topic) => physicalTopicName(prefix, topic)),
      (deliveries, context) =>
        handler(
          deliveries.map((d) => this.toInbound(d)),
          context,
        ),
    );
  }

  ready(): Promise<void> {
    return Promise.resolve();
  }

  publish(messages: readonly OutboundMessage[]): Promise<void> {
    return this.bus.publish(messages.map((m) => ({ ...m, topic: physicalTopicName(this.options.topicPrefix, m.topic) })));
  }

  deadLetter(letter: DeadLetter): Promise<void> {
    return this.options.deadLetter(letter);
  }

  async healthCheck(): Promise<TransportHealth> {
    return { up: true, kind: this.kind, consuming: this.unsubscribe !== null };
  }

  async stopConsuming(): Promise<void> {
    const unsubscribe = this.unsubscribe;
    this.unsubscribe = null;
    await unsubscribe?.();
  }

  stop(): Promise<void> {
    return this.stopConsuming();
  }

  private toInbound(delivery: BusDelivery) {
    return {
      topic: logicalTopicName(this.options.topicPrefix, delivery.topic) ?? delivery.topic,
      physicalTopic: delivery.topic,
      partition: 0,
      offset: delivery.offset,
      key: delivery.key,
      value: delivery.value,
      headers: delivery.headers,
    };
  }
}
