import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath, type ReferenceObject, type SchemaObject } from '@nestjs/swagger';

/** What `data` holds: a response class, or `[ResponseClass]` for a list of them. */
export type EnvelopeData = Type<unknown> | [Type<unknown>];

export interface SuccessBodyDocs {
  /** Give it when the route writes a message on every answer: its text, shown as the example. */
  message?: string;
  data?: EnvelopeData;
}

/**
 * The OpenAPI schema of what `success({ message?, data? })` writes: `success` (always true), then
 * whichever of `message` and `data` the route gives, each required. Written out rather than
 * composed with `allOf`, so the object stays closed (a field the document does not show is one a
 * client cannot see, decision 0026) and `data` keeps the named schema of its class.
 */
export function successBodySchema({ message, data }: SuccessBodyDocs): SchemaObject {
  const properties: Record<string, SchemaObject | ReferenceObject> = { success: { type: 'boolean', enum: [true] } };
  if (message !== undefined) properties.message = { type: 'string', example: message };
  if (data !== undefined) {
    properties.data = Array.isArray(data)
      ? { type: 'array', items: { $ref: getSchemaPath(data[0]) } }
      : { $ref: getSchemaPath(data) };
  }
  return { type: 'object', required: Object.keys(properties), properties };
}

/**
 * Documents a route's 2xx answer written with `success(...)`: the envelope, and its `data` class
 * among the document's schemas. `@ApiSuccessResponse({ status: 201, message: 'Team created
 * successfully.', data: TeamResponse })`; a paginated list's data is `PaginatedResponse(Row)`.
 */
export const ApiSuccessResponse = ({
  status = 200,
  description = 'Success.',
  ...body
}: SuccessBodyDocs & { status?: 200 | 201 | 202; description?: string }) =>
  applyDecorators(
    ...(body.data === undefined ? [] : [ApiExtraModels(Array.isArray(body.data) ? body.data[0] : body.data)]),
    ApiResponse({ status, description, schema: successBodySchema(body) }),
  );
