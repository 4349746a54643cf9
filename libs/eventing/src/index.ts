// Producing
export { newEvent, type NewEvent, type NewEventInput } from './envelope/new-event';
export { Outbox, type OutboxStatementPart } from './outbox/outbox';
export { OutboxRelay, type RelayStatus } from './outbox/outbox-relay';
export type { OutboxRecord } from './outbox/outbox-relay-store';
export { forgetStoredEvents, type StoredEventsToForget } from './outbox/forget-stored-events';

// Consuming
export { addToChunkEnd } from './consumer/chunk-end-work';
export { OnEvent, eventListenersOf, type EventListener, type EventListenerMethod } from './consumer/on-event.decorator';
export { EventRelevance, type EventRelevanceMethod } from './consumer/event-relevance.decorator';

// Entities (add to every app's DataSource and migrations)
export { eventingEntities, EVENTING_ENTITIES, EventingTables } from './entities/eventing-entities';
export { OutboxEntitySchema, type OutboxRow } from './entities/outbox.entity-schema';
export { OutboxDeadLetterEntitySchema, type OutboxDeadLetterRow } from './entities/outbox-dead-letter.entity-schema';
export { InboxEntitySchema, type InboxRow } from './entities/inbox.entity-schema';
export { DeadLetterEntitySchema, type DeadLetterRow } from './entities/dead-letter.entity-schema';

// Wiring
export { EventingModule } from './nest/eventing.module';
export type { EventingModuleOptions, EventingModuleAsyncOptions } from './nest/eventing-module-options';
export { EVENTING_OPTIONS } from './nest/eventing.tokens';
export { EventingRuntime, type EventingRuntimeOptions } from './eventing-runtime';
export { eventingSettingsFromEnvironment, type EventingEnvironment } from './config/eventing-environment';
export type {
  EventingSettings,
  EventingKafkaOptions,
  EventingRelayTuning,
  EventingConsumerTuning,
} from './config/eventing-options';
export { EventingHealth, type EventingHealthResult } from './health/eventing-health';
export { TransportWatch, type WatchedTransportHealth } from './health/transport-watch';
// The metrics an app exports (the alert rules in k8s/ name them).
export { EventingMetrics } from './metrics/eventing-metrics';
export { holdInProcessDelivery, InProcessBus } from './transport/in-process/in-process-bus';
export type { EventTransport, TransportHealth } from './transport/event-transport.port';
export { type EventingLogger, silentEventingLogger } from './support/eventing-logger';

// Naming
export { physicalTopicName, deadLetterTopicName, consumerGroupId, outboxChannel } from './topics/topic-names';
