import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { WEBHOOK_EVENT_KINDS, type WebhookEventKind } from '@suite/contracts';

/** `POST /api/webhooks/{id}/test`: the kind whose fixed sample is sent. */
export class TestWebhookRequest {
  @ApiProperty({ enum: WEBHOOK_EVENT_KINDS, example: 'sms.sent', description: 'Any kind, subscribed or not.' })
  @IsIn(WEBHOOK_EVENT_KINDS)
  event!: WebhookEventKind;
}
