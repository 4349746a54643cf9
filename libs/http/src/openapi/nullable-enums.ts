import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * Lists `null` in every nullable enum of the document. OpenAPI 3.0.3 reads `nullable: true` as
 * adding null to the `type` only: an `enum` beside it still refuses a value it does not list, so
 * `{ enum: ['imessage', 'sms', 'mms'], nullable: true }` refuses the `channel: null` of a queued
 * message, and validating clients (Prism, ajv-based SDKs) fail on the commonest answer. Nest's
 * `@ApiProperty({ enum, nullable: true })` writes just that, so the builder completes it here,
 * once for every app and every schema (components, request bodies, parameters).
 */
export function withNullInNullableEnums<T extends OpenAPIObject>(document: T): T {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const schema = node as { nullable?: unknown; enum?: unknown[] };
    // A new array: Nest may hand the DTO's own constant (MESSAGE_CHANNELS) to the document.
    if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
      schema.enum = [...schema.enum, null];
    Object.values(node).forEach(visit);
  };
  visit(document);
  return document;
}
