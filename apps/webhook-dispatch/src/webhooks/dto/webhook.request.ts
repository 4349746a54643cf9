import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';
import { WEBHOOK_EVENT_KINDS, WEBHOOK_KIND_FIELDS, type WebhookEventKind } from '@suite/contracts';
import { IsNotBlank, IsOmittable, MAX_ID } from '@suite/http';
import { WEBHOOK_METHODS, type WebhookMethod } from '../webhook.entity';

export const MAX_URL_LENGTH = 2048;
export const MAX_FIELDS = 100;
export const MAX_FIELD_LENGTH = 255;
/** The longest spelling of a list id: base64 of the largest bigint is 28 characters. */
export const MAX_LIST_ID_TEXT = 64;

const isListIdValue = (value: unknown): boolean =>
  (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID) ||
  (typeof value === 'string' && value.length >= 1 && value.length <= MAX_LIST_ID_TEXT);

/** The kinds sharing each `data` shape and its keys, for the OpenAPI document: `call.started, call.ended, …: call_id, …`. */
const kindsByFields = new Map<string, WebhookEventKind[]>();
for (const kind of WEBHOOK_EVENT_KINDS) {
  const fields = WEBHOOK_KIND_FIELDS[kind].join(', ');
  kindsByFields.set(fields, [...(kindsByFields.get(fields) ?? []), kind]);
}
const FIELDS_BY_KIND = [...kindsByFields].map(([fields, kinds]) => `${kinds.join(', ')}: ${fields}`).join('. ');
const ALL_FIELDS = [...new Set(WEBHOOK_EVENT_KINDS.flatMap((kind) => WEBHOOK_KIND_FIELDS[kind]))].sort();

/** Create or replace a webhook (POST and PUT take the same body). */
export class WebhookRequest {
  @ApiProperty({ maxLength: 255, example: 'CRM sync' })
  @IsString()
  @IsNotBlank()
  @MaxLength(255)
  title!: string;

  @ApiProperty({ maxLength: MAX_URL_LENGTH, example: 'https://example.com/hooks/suite', description: 'An https URL.' })
  @IsString()
  @IsNotBlank()
  @MaxLength(MAX_URL_LENGTH)
  url!: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_KINDS, isArray: true, minItems: 1, maxItems: 64, description: 'Duplicates are dropped.' })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(64)
  @IsIn(WEBHOOK_EVENT_KINDS, { each: true })
  events!: WebhookEventKind[];

  @ApiPropertyOptional({ enum: WEBHOOK_METHODS, description: 'The only method today; POST when absent.' })
  @IsOmittable()
  @IsIn(WEBHOOK_METHODS)
  method?: WebhookMethod;

  @ApiPropertyOptional({
    oneOf: [
      { type: 'integer', minimum: 1, maximum: MAX_ID, nullable: true },
      { type: 'string', minLength: 1, maxLength: MAX_LIST_ID_TEXT },
    ],
    example: 'MTI=',
    description:
      'A selection list of the company (numeric, or base64 as the platform answers it) to limit deliveries to; null for none. ' +
      'Events about a contact (lead.generated, appointment.scheduled, sms.*, call.*) are delivered only when the contact ' +
      'is on the list when the event happens; campaign.* only for a campaign over the list; agent.* whatever the list. ' +
      'Another company’s list, or no list, is 422. A list created a moment ago is waited for (docs/webhooks.md).',
  })
  @IsOptional()
  @ValidateBy(
    { name: 'isListId', validator: { validate: isListIdValue } },
    {
      message: `list_id must be a list id: a whole number from 1 to ${MAX_ID}, or its base64 (up to ${MAX_LIST_ID_TEXT} characters)`,
    },
  )
  list_id?: number | string | null;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', enum: ALL_FIELDS },
    maxItems: MAX_FIELDS,
    description:
      'The keys of `data` to send (the envelope is always whole); empty or absent sends all. Each must be a key of at least ' +
      `one subscribed kind (otherwise 422); a delivery carries those its kind has. The keys per kind: ${FIELDS_BY_KIND}.`,
  })
  @IsOmittable()
  @IsArray()
  @ArrayMaxSize(MAX_FIELDS)
  @IsString({ each: true })
  @IsNotBlank({ each: true })
  @MaxLength(MAX_FIELD_LENGTH, { each: true })
  fields?: string[];
}
