import { nullable, Type } from './payload-schema';

/**
 * The fields most event payloads are made of, declared once: every topic's file used to declare
 * its own copies. The JSON they produce is unchanged (docs/asyncapi.yaml embeds it).
 */

/** A platform id (a bigint column) as JSON carries it: a string of digits. */
export const numericId = Type.String({ pattern: '^[0-9]+$' });

/** A platform id, or null with the meaning `description` gives it. */
export const nullableNumericId = (description: string) => nullable(Type.String({ pattern: '^[0-9]+$', description }));

/** A point in time, ISO 8601. */
export const instant = Type.String({ format: 'date-time' });

/** The record's own id and its company's: how the payload of a company's record starts. */
export const companyRecordIds = { id: numericId, company_id: numericId };

/** `changed_by`: the user who made the change, or null (the system). */
export const changedBy = (description = 'user id') => ({ changed_by: nullableNumericId(description) });
