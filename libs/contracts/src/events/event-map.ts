import type { PayloadSchema } from './payload-schema';
import {
  companyCreatedSchema,
  companyRenamedSchema,
  type CompanyCreatedData,
  type CompanyRenamedData,
} from './platform-company.events';
import {
  credentialIssuedSchema,
  credentialRevokedSchema,
  grantRevokedSchema,
  type CredentialIssuedData,
  type CredentialRevokedData,
  type GrantRevokedData,
} from './auth-credential.events';
import { credentialUsedSchema, type CredentialUsedData } from './authz-credential-usage.events';
import { userDeletedSchema, userSnapshotSchema, type UserDeletedData, type UserSnapshotData } from './platform-user.events';
import { Topics, type Topic } from './topics';

/**
 * Every event type, its payload and its topic, in one typed map (past-tense facts).
 * The AsyncAPI document (docs/asyncapi.yaml) is checked against this map by a test.
 */
export interface EventMap {
  'company.created': CompanyCreatedData;
  'company.renamed': CompanyRenamedData;
  'user.created': UserSnapshotData;
  'user.updated': UserSnapshotData;
  'user.deleted': UserDeletedData;
  'credential.issued': CredentialIssuedData;
  'credential.revoked': CredentialRevokedData;
  'grant.revoked': GrantRevokedData;
  'credential.used': CredentialUsedData;
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
  'user.created': {
    topic: Topics.platformUser,
    version: 1,
    summary: 'A user was added to a company (full snapshot, password as an argon2id hash).',
    schema: userSnapshotSchema,
  },
  'user.updated': {
    topic: Topics.platformUser,
    version: 1,
    summary: 'A user changed: profile, status, role or its permissions, password (full snapshot).',
    schema: userSnapshotSchema,
  },
  'user.deleted': {
    topic: Topics.platformUser,
    version: 1,
    summary: 'A user was deleted; every credential of theirs stops working.',
    schema: userDeletedSchema,
  },
  'credential.issued': {
    topic: Topics.authCredential,
    version: 1,
    summary: 'A personal access token or workspace API key was created (digest only).',
    schema: credentialIssuedSchema,
  },
  'credential.revoked': {
    topic: Topics.authCredential,
    version: 1,
    summary: 'A personal access token or workspace API key was revoked.',
    schema: credentialRevokedSchema,
  },
  'grant.revoked': {
    topic: Topics.authCredential,
    version: 1,
    summary: 'An OAuth grant was revoked; every access token issued from it is void.',
    schema: grantRevokedSchema,
  },
  'credential.used': {
    topic: Topics.authzCredentialUsage,
    version: 1,
    summary: 'An app accepted a personal access token or workspace API key (at most once a minute per credential and app process).',
    schema: credentialUsedSchema,
  },
};

export const EVENT_TYPES = Object.keys(EVENT_DEFINITIONS) as EventType[];

export const EVENT_TOPICS = Object.fromEntries(EVENT_TYPES.map((type) => [type, EVENT_DEFINITIONS[type].topic])) as {
  readonly [K in EventType]: Topic;
};

export const EVENT_VERSIONS = Object.fromEntries(EVENT_TYPES.map((type) => [type, EVENT_DEFINITIONS[type].version])) as {
  readonly [K in EventType]: number;
};
