import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateBy,
  type ValidationOptions,
} from 'class-validator';
import { IsNotBlank, IsNumericId, IsOmittable, IsPhone } from '@suite/http';
import { ArePlatformIdValues, IsPlatformIdValue } from '../../../ids/platform-id-value';

export const MAX_TAGS = 50;
/** The most lists a contact is created on in one request. */
export const MAX_CONTACT_LISTS = 50;
export const MAX_CUSTOM_FIELDS = 50;
const MAX_CUSTOM_KEY = 64;
const MAX_CUSTOM_TEXT = 1_000;

/** A channel name: lower-case letters, digits, `_` and `-` (`facebook`, `google`, `organic`, `referral`, …). */
const SOURCE_PATTERN = /^[a-z0-9][a-z0-9_-]{0,49}$/;

const isCustomValue = (value: unknown): boolean =>
  value === null ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER) ||
  (typeof value === 'string' && value.length <= MAX_CUSTOM_TEXT);

/**
 * The company's own fields: a flat object of at most 50 keys (1–64 characters) whose values are
 * text (≤ 1,000), numbers (within ±2^53), booleans or null. Flat and bounded, so a contact stays a
 * row a list can show, and a value can be filtered on later.
 */
const IsCustomFields = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isCustomFields',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          Object.keys(value).length <= MAX_CUSTOM_FIELDS &&
          Object.entries(value).every(([key, field]) => key.length >= 1 && key.length <= MAX_CUSTOM_KEY && isCustomValue(field)),
      },
    },
    {
      message:
        `custom_fields must be an object of at most ${MAX_CUSTOM_FIELDS} keys (1–${MAX_CUSTOM_KEY} characters) ` +
        `whose values are text up to ${MAX_CUSTOM_TEXT} characters, numbers, booleans or null`,
      ...options,
    },
  );

const lowerCase = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** The fields a contact has, all optional: the base of create (which requires first_name) and update. */
class ContactFields {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 255, example: 'Lovelace' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  last_name?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'E.164 (+14155550123) or a 10-digit US number (4155550123); stored as E.164',
    example: '+14155550123',
    maxLength: 32,
  })
  @IsOptional()
  @IsPhone()
  phone?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, format: 'email', maxLength: 254, example: 'ada@example.com' })
  @IsOptional()
  @MaxLength(254)
  @IsEmail()
  email?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 50,
    pattern: SOURCE_PATTERN.source,
    description: "The channel the lead came from: facebook, google, organic, referral, … (lower-cased); the dashboard's channel",
    example: 'facebook',
  })
  @IsOptional()
  @Transform(lowerCase)
  @IsString()
  @Matches(SOURCE_PATTERN, { message: 'source must be a channel name: lower-case letters, digits, _ and -, up to 50' })
  source?: string | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 1, description: 'A user of the company; null unassigns' })
  @IsOptional()
  @IsNumericId()
  assigned_to?: number | null;

  @ApiPropertyOptional({ type: [String], maxItems: MAX_TAGS, description: 'Replaces the tags; each 1–100 characters' })
  @IsOmittable()
  @IsArray()
  @ArrayMaxSize(MAX_TAGS)
  @IsString({ each: true })
  @IsNotBlank({ each: true })
  @MaxLength(100, { each: true })
  tags?: string[];

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { oneOf: [{ type: 'string', maxLength: MAX_CUSTOM_TEXT }, { type: 'number' }, { type: 'boolean' }] },
    description: `Replaces the custom fields: at most ${MAX_CUSTOM_FIELDS} keys; values text, numbers, booleans or null`,
    example: { budget: 5000, plan: 'pro' },
  })
  @IsOmittable()
  @IsCustomFields()
  custom_fields?: Record<string, unknown>;
}

export class CreateContactRequest extends ContactFields {
  @ApiProperty({ maxLength: 255, example: 'Ada' })
  @IsString()
  @IsNotBlank()
  @MaxLength(255)
  first_name!: string;

  @IsPlatformIdValue({ required: false, description: 'Place the new contact in this pipeline (with stage_id)' })
  @IsOmittable()
  pipeline_id?: number | string;

  @IsPlatformIdValue({ required: false, description: 'Place the new contact in this stage of pipeline_id (base64 or numeric)' })
  @IsOmittable()
  stage_id?: number | string;

  @ArePlatformIdValues({
    required: false,
    maxItems: MAX_CONTACT_LISTS,
    description:
      'Lists to create the contact on (a webhook limited to one of them gets its lead.generated): each numeric, base64 or encrypted',
  })
  @IsOmittable()
  list_ids?: Array<number | string>;
}

/** PUT /api/contacts/{id}: the fields sent are replaced, the others kept; null clears a nullable one. */
export class UpdateContactRequest extends ContactFields {
  @ApiPropertyOptional({ maxLength: 255, example: 'Ada' })
  @IsOmittable()
  @IsString()
  @IsNotBlank()
  @MaxLength(255)
  first_name?: string;
}
