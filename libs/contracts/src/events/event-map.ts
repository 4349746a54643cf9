import type { PayloadSchema } from './payload-schema';
import {
  companyCreatedSchema,
  companyRenamedSchema,
  type CompanyCreatedData,
  type CompanyRenamedData,
} from './platform-company.events';
import { Topics, type Topic } from './topics';

/**
 * Every event type, its payload and its topic, in one typed map (past-tense facts).
 * The AsyncAPI document (docs/asyncapi.yaml) is checked against this map by a test.
 */
export interface EventMap {
  'company.created': CompanyCreatedData;
  'company.renamed': CompanyRenamedData;
}

export type EventType = keyof EventMap;

export interface EventDefinition<T extends EventType> {
  topic: Topic;
  /** Major version of the payload; the topic carries the same major (`.v1`). */
  version: number;
  summary: string;
  schema: PayloadSchema<EventMap[T]>;
}

export const EVENT_DEFINITIONS: { readonly [K in EventType]: EventDefinition<K> } = {
  'company.created': {
    topic: Topics.platformCompany,
    version: 1,
    summary: 'A company (or an agency child company) was created.',
    schema: companyCreatedSchema,
  },
  'company.renamed': {
    topic: Topics.platformCompany,
    version: 1,
    summary: 'A company changed its name.',
    schema: companyRenamedSchema,
  },
};

export const EVENT_TYPES = Object.keys(EVENT_DEFINITIONS) as EventType[];

export const EVENT_TOPICS = Object.fromEntries(EVENT_TYPES.map((type) => [type, EVENT_DEFINITIONS[type].topic])) as {
  readonly [K in EventType]: Topic;
};

export const EVENT_VERSIONS = Object.fromEntries(EVENT_TYPES.map((type) => [type, EVENT_DEFINITIONS[type].version])) as {
  readonly [K in EventType]: number;
};
