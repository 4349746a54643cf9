import { ApiProperty } from '@nestjs/swagger';
import { WEBHOOK_EVENT_KINDS, type WebhookEventKind } from '@suite/contracts';
import { WEBHOOK_METHODS, WEBHOOK_STATUSES, type WebhookEntity, type WebhookMethod, type WebhookStatus } from '../webhook.entity';

/** A webhook as every route shows it; never its secret. */
export class WebhookResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'CRM sync' }) title!: string;
  @ApiProperty({ example: 'https://example.com/hooks/suite' }) url!: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_KINDS, isArray: true }) events!: WebhookEventKind[];
  @ApiProperty({ enum: WEBHOOK_METHODS }) method!: WebhookMethod;
  @ApiProperty({ type: 'integer', nullable: true }) list_id!: number | null;
  @ApiProperty({ type: [String] }) fields!: string[];
  @ApiProperty({ enum: WEBHOOK_STATUSES }) status!: WebhookStatus;
  @ApiProperty({ type: 'integer' }) hits!: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) last_hit!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

/** The created webhook with its signing secret, shown in this answer only. */
export class CreatedWebhookResponse extends WebhookResponse {
  @ApiProperty({ example: 'whsec_9b1CkVw0m1d8L0h3tV0qK3n9yqJxR1cM', description: 'Shown once; store it to verify signatures.' })
  secret!: string;
}

/** A rotated secret: the new one (the previous one keeps signing for 24 hours). */
export class RotatedSecretResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'whsec_9b1CkVw0m1d8L0h3tV0qK3n9yqJxR1cM', description: 'Shown once.' }) secret!: string;
  @ApiProperty({ format: 'date-time', description: 'Until when deliveries are also signed with the previous secret.' })
  previous_secret_expires_at!: string;
}

export const mapWebhook = (webhook: WebhookEntity): WebhookResponse => ({
  id: webhook.id,
  title: webhook.title,
  url: webhook.url,
  events: webhook.events,
  method: webhook.method,
  list_id: webhook.listId === null ? null : Number(webhook.listId),
  fields: webhook.fields,
  status: webhook.status,
  hits: webhook.hits,
  last_hit: webhook.lastHit?.toISOString() ?? null,
  created_at: webhook.createdAt.toISOString(),
  updated_at: webhook.updatedAt.toISOString(),
});
