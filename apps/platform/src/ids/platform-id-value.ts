import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, ValidateBy, type ValidationOptions } from 'class-validator';
import { AppError, MAX_ID } from '@suite/http';
import type { SentId } from './sent-id';
import type { PlatformIdCodec } from './platform-id.codec';

/** The longest id spelling the codec reads (an encrypted id is about 60 characters). */
const MAX_ID_TEXT = 200;

const isIdValue = (value: unknown): boolean =>
  (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID) ||
  (typeof value === 'string' && value.length >= 1 && value.length <= MAX_ID_TEXT);

/**
 * A body field holding an id of the platform in any spelling the path takes — a number (`42`), its
 * base64 (`"NDI="`), or an encrypted id — the spec's "numeric or base64 string". The shape is
 * checked here (400 otherwise); whether it decodes and names a row of the company is the use
 * case's 404. Documented for OpenAPI as integer or string.
 */
export const IsPlatformIdValue = (
  options: { description?: string; required?: boolean; nullable?: boolean } & ValidationOptions = {},
) => {
  const { description, required = true, nullable = false, ...validation } = options;
  return applyDecorators(
    ApiProperty({
      required,
      // OpenAPI 3.0 admits null only through `nullable` beside a `type`: the integer branch takes
      // it, so null still matches exactly one branch of the oneOf.
      oneOf: [
        { type: 'integer', minimum: 1, maximum: MAX_ID, ...(nullable ? { nullable: true } : {}) },
        { type: 'string', minLength: 1, maxLength: MAX_ID_TEXT },
      ],
      description: description ?? 'Numeric id (42), base64 of it (NDI=) or an encrypted id (enc_…)',
      example: 'NDI=',
    }),
    ValidateBy(
      { name: 'isPlatformIdValue', validator: { validate: isIdValue } },
      {
        message: ({ property }) =>
          `${property} must be an id: a whole number from 1 to ${MAX_ID}, or its base64 or encrypted form`,
        ...validation,
      },
    ),
  );
};

/**
 * A body or query id in any accepted spelling, decoded; one that does not decode names nothing, so
 * it is the same 404 (`notFound`) as a well-formed id of no row of the company.
 */
export function decodeIdOr404(codec: PlatformIdCodec, value: number | string, notFound: string): string {
  const id = codec.decode(typeof value === 'number' ? String(value) : value);
  if (!id) throw new AppError('not_found', notFound);
  return id;
}

/**
 * A body id as sent and as decoded (null when it decodes to nothing), for the company check of
 * decision 0042 (`assertCompanyReferences`), which answers an undecodable id like an unknown one.
 */
export function sentIdOf(codec: PlatformIdCodec, value: number | string): SentId {
  const sent = String(value);
  return { sent, id: codec.decode(sent) };
}

/**
 * An array of body ids, each in any spelling `IsPlatformIdValue` takes (`contact_ids: [42, "NDI="]`),
 * at most `maxItems` of them: the shape is checked here (400), whether each names a row of the
 * company is the use case's. Documented as an array of integer-or-string items.
 */
export const ArePlatformIdValues = (
  options: { description?: string; required?: boolean; minItems?: number; maxItems: number } & ValidationOptions,
) => {
  const { description, required = true, minItems = 0, maxItems, ...validation } = options;
  return applyDecorators(
    ApiProperty({
      required,
      type: 'array',
      items: {
        oneOf: [
          { type: 'integer', minimum: 1, maximum: MAX_ID },
          { type: 'string', minLength: 1, maxLength: MAX_ID_TEXT },
        ],
      },
      minItems,
      maxItems,
      description: description ?? 'Ids, each numeric (42), base64 of it (NDI=) or encrypted (enc_…)',
      example: ['NDI=', 43],
    }),
    IsArray(validation),
    ArrayMinSize(minItems, validation),
    ArrayMaxSize(maxItems, validation),
    ValidateBy(
      { name: 'isPlatformIdValue', validator: { validate: isIdValue } },
      {
        message: ({ property }) =>
          `each of ${property} must be an id: a whole number from 1 to ${MAX_ID}, or its base64 or encrypted form`,
        ...validation,
        each: true,
      },
    ),
  );
};
