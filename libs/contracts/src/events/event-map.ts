import { AUTH_CREDENTIAL_EVENTS } from './auth-credential.events';
import { AUTHZ_CREDENTIAL_USAGE_EVENTS } from './authz-credential-usage.events';
import type { EventDefinition, PayloadOfDefinition } from './define-event';
import { MESSAGING_CONTACT_EVENTS } from './messaging-contact.events';
import { MESSAGING_CONVERSATION_EVENTS } from './messaging-conversation.events';
import { MESSAGING_MESSAGE_EVENTS } from './messaging-message.events';
import { PLATFORM_AGENT_EVENTS } from './platform-agent.events';
import { PLATFORM_APPOINTMENT_EVENTS } from './platform-appointment.events';
import { PLATFORM_CALL_EVENTS } from './platform-call.events';
import { PLATFORM_CAMPAIGN_EVENTS } from './platform-campaign.events';
import { PLATFORM_COMPANY_EVENTS } from './platform-company.events';
import { PLATFORM_CRM_CONTACT_EVENTS } from './platform-crm-contact.events';
import { PLATFORM_LIST_EVENTS } from './platform-list.events';
import { PLATFORM_PHONE_NUMBER_EVENTS } from './platform-phone-number.events';
import { PLATFORM_PIPELINE_EVENTS } from './platform-pipeline.events';
import { PLATFORM_USER_EVENTS } from './platform-user.events';
import { PLATFORM_WORKFLOW_STEP_EVENTS } from './platform-workflow-step.events';
import { PLATFORM_WORKFLOW_EVENTS } from './platform-workflow.events';
import type { Topic } from './topics';
import { WEBHOOKS_WEBHOOK_EVENTS } from './webhooks-webhook.events';

/**
 * Every event of the suite, each declared once by `defineEvent` beside its payload schema (in the
 * `*.events.ts` file of its topic). Everything else is derived from this list: the event types,
 * their payload types (`EventMap`), topics and versions, the validator, docs/asyncapi.yaml.
 */
const ALL_EVENTS = [
  ...PLATFORM_COMPANY_EVENTS,
  ...PLATFORM_USER_EVENTS,
  ...PLATFORM_CRM_CONTACT_EVENTS,
  ...PLATFORM_LIST_EVENTS,
  ...PLATFORM_PIPELINE_EVENTS,
  ...PLATFORM_APPOINTMENT_EVENTS,
  ...PLATFORM_AGENT_EVENTS,
  ...PLATFORM_CALL_EVENTS,
  ...PLATFORM_CAMPAIGN_EVENTS,
  ...PLATFORM_PHONE_NUMBER_EVENTS,
  ...PLATFORM_WORKFLOW_EVENTS,
  ...PLATFORM_WORKFLOW_STEP_EVENTS,
  ...AUTH_CREDENTIAL_EVENTS,
  ...AUTHZ_CREDENTIAL_USAGE_EVENTS,
  ...MESSAGING_MESSAGE_EVENTS,
  ...MESSAGING_CONTACT_EVENTS,
  ...MESSAGING_CONVERSATION_EVENTS,
  ...WEBHOOKS_WEBHOOK_EVENTS,
] as const;

type AnyEvent = (typeof ALL_EVENTS)[number];

/** Every event type and its payload (past-tense facts), as the definitions' schemas type them. */
export type EventMap = { [D in AnyEvent as D['name']]: PayloadOfDefinition<D> };

export type EventType = keyof EventMap;

/** Each event's definition by its type; a name defined twice fails when the module loads. */
export const EVENT_DEFINITIONS = ALL_EVENTS.reduce<Record<string, EventDefinition>>((byName, definition) => {
  if (Object.hasOwn(byName, definition.name)) throw new Error(`event ${definition.name} is defined twice`);
  byName[definition.name] = definition;
  return byName;
}, {}) as { readonly [D in AnyEvent as D['name']]: D };

export const EVENT_TYPES = ALL_EVENTS.map((definition) => definition.name) as EventType[];

export const EVENT_TOPICS = Object.fromEntries(ALL_EVENTS.map((definition) => [definition.name, definition.topic])) as {
  readonly [K in EventType]: Topic;
};

export const EVENT_VERSIONS = Object.fromEntries(ALL_EVENTS.map((definition) => [definition.name, definition.version])) as {
  readonly [K in EventType]: number;
};
