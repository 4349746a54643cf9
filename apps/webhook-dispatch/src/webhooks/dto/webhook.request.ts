import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { WEBHOOK_EVENT_KINDS, type WebhookEventKind } from '@suite/contracts';
import { IsNotBlank, IsNumericId, IsOmittable, MAX_ID } from '@suite/runtime';
import { WEBHOOK_METHODS, type WebhookMethod } from '../webhook.entity';

export const MAX_URL_LENGTH = 2048;
export const MAX_FIELDS = 100;
export const MAX_FIELD_LENGTH = 255;

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
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: MAX_ID,
    example: 12,
    description: 'A contact list to limit deliveries to; null for none.',
  })
  @IsOptional()
  @IsNumericId()
  list_id?: number | null;

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_FIELDS,
    description: 'The payload fields to send; empty or absent sends all.',
  })
  @IsOmittable()
  @IsArray()
  @ArrayMaxSize(MAX_FIELDS)
  @IsString({ each: true })
  @IsNotBlank({ each: true })
  @MaxLength(MAX_FIELD_LENGTH, { each: true })
  fields?: string[];
}
