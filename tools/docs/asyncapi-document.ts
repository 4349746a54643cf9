import {
  ALL_TOPICS,
  asJsonSchema,
  deadLetterTopic,
  EVENT_DEFINITIONS,
  EVENT_TYPES,
  type EventType,
  type Topic,
} from '@suite/contracts';

/**
 * Builds docs/asyncapi.yaml (AsyncAPI 3.0) from the event definitions in @suite/contracts, so the
 * document internal subscribers read is the code's own description. `npm run docs:asyncapi`
 * rewrites the file; a unit test fails when the committed file and the code disagree.
 */
const camel = (value: string) => value.replace(/[._-]([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const channelId = (topic: string) => camel(topic);
const messageId = (type: EventType) => camel(type);
/** A topic's first segment names its producing app, except a lib's topic that every app publishes. */
const SHARED_PRODUCERS: Readonly<Record<string, string>> = { authz: 'every app (libs/authz)' };
const producerOf = (topic: Topic) => SHARED_PRODUCERS[topic.split('.')[0]!] ?? topic.split('.')[0]!;
/** Producer segments that are not their app's name (a topic segment has no hyphen). */
const APPS_OF_PRODUCERS: Readonly<Record<string, string>> = { webhooks: 'webhook-dispatch' };
const producerPhrase = (topic: Topic) =>
  SHARED_PRODUCERS[topic.split('.')[0]!] ?? `the ${APPS_OF_PRODUCERS[producerOf(topic)] ?? producerOf(topic)} app`;

const envelopeSchema = {
  type: 'object',
  description: 'Every event travels in this envelope. The Kafka key is `subject`, so one aggregate stays in order.',
  required: ['id', 'type', 'version', 'occurred_at', 'company_id', 'subject', 'data', 'traceparent'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', format: 'uuid', description: 'unique per event; consumers deduplicate on it' },
    type: { type: 'string', description: 'past-tense event name, e.g. company.created' },
    version: { type: 'integer', minimum: 1, description: 'major version of the payload' },
    occurred_at: { type: 'string', format: 'date-time' },
    company_id: { type: ['string', 'null'], description: 'tenant of the event' },
    subject: { type: 'string', description: 'aggregate id; also the Kafka message key' },
    data: { type: 'object', description: 'the event-specific payload' },
    traceparent: { type: ['string', 'null'], description: 'W3C trace context of the causing request' },
  },
};

export function buildAsyncApiDocument(): Record<string, unknown> {
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const messages: Record<string, unknown> = {};

  for (const type of EVENT_TYPES) {
    const definition = EVENT_DEFINITIONS[type];
    messages[messageId(type)] = {
      name: type,
      title: type,
      summary: definition.summary,
      contentType: 'application/json',
      headers: {
        type: 'object',
        properties: {
          'event-id': { type: 'string', format: 'uuid' },
          'event-type': { type: 'string', const: type },
        },
      },
      payload: {
        allOf: [
          { $ref: '#/components/schemas/EventEnvelope' },
          {
            type: 'object',
            properties: { type: { const: type }, version: { const: definition.version }, data: asJsonSchema(definition.schema) },
          },
        ],
      },
      bindings: { kafka: { key: { type: 'string', description: 'the subject (aggregate id)' }, bindingVersion: '0.5.0' } },
    };
  }

  for (const topic of ALL_TOPICS) {
    const types = EVENT_TYPES.filter((type) => EVENT_DEFINITIONS[type].topic === topic);
    const refs = Object.fromEntries(types.map((type) => [messageId(type), { $ref: `#/components/messages/${messageId(type)}` }]));
    channels[channelId(topic)] = {
      address: topic,
      title: topic,
      description: `Events of ${producerPhrase(topic)}, keyed by subject. Physical name: KAFKA_TOPIC_PREFIX + address.`,
      messages: refs,
    };
    channels[channelId(deadLetterTopic(topic))] = {
      address: deadLetterTopic(topic),
      title: deadLetterTopic(topic),
      description:
        'Events a consumer could not handle after EVENT_MAX_ATTEMPTS, as received, with headers ' +
        'dlq-original-topic, dlq-original-partition, dlq-original-offset, dlq-error, dlq-attempts, dlq-consumer.',
      messages: structuredClone(refs),
    };
    operations[`publish${camel(`-${topic}`)}`] = {
      action: 'send',
      title: `${producerOf(topic)} publishes ${topic}`,
      channel: { $ref: `#/channels/${channelId(topic)}` },
      messages: Object.keys(refs).map((id) => ({ $ref: `#/channels/${channelId(topic)}/messages/${id}` })),
    };
  }

  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Suite domain events',
      version: '1.0.0',
      description:
        'Domain events the four apps exchange over Kafka. Produced through a transactional outbox ' +
        '(at-least-once, in order per subject); consumers deduplicate on the envelope id. An event ' +
        'that can never be published (not an event envelope, a lone surrogate or NUL in a string, ' +
        'refused by the broker) is set aside by its producer and never delivered; the later events ' +
        'of its subject still are. ' +
        'Generated from libs/contracts by `npm run docs:asyncapi`; do not edit by hand.',
    },
    defaultContentType: 'application/json',
    servers: {
      kafka: { host: '${KAFKA_BROKERS}', protocol: 'kafka', description: 'The cluster named by KAFKA_BROKERS' },
    },
    channels,
    operations,
    components: { schemas: { EventEnvelope: envelopeSchema }, messages },
  };
}
