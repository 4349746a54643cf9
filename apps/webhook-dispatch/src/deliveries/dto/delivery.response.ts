import { ApiProperty } from '@nestjs/swagger';
import { WEBHOOK_EVENT_KINDS, type WebhookEventKind } from '@suite/contracts';
import { WEBHOOK_ATTEMPT_OUTCOMES, type WebhookAttemptEntity, type WebhookAttemptOutcome } from '../webhook-attempt.entity';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryEntity, type WebhookDeliveryStatus } from '../webhook-delivery.entity';

/** A delivery's own fields: one event for one webhook. */
class DeliveryFields {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_KINDS }) event!: WebhookEventKind;
  @ApiProperty({ format: 'uuid', description: 'The `webhook-id` header: the same on every attempt and replay.' })
  event_id!: string;
  @ApiProperty({ enum: WEBHOOK_DELIVERY_STATUSES }) status!: WebhookDeliveryStatus;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Null once final.' })
  next_attempt_at!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

/** A delivery as lists show it. */
export class DeliveryResponse extends DeliveryFields {
  @ApiProperty({ type: 'integer', description: 'Attempts of the current series (a replay starts a new one).' })
  attempts!: number;
}

/** One HTTP attempt: recorded before its request left, completed with the receiver's answer. */
export class AttemptResponse {
  @ApiProperty({ type: 'integer', description: 'From 1 in each series; a replay starts again at 1.' })
  number!: number;
  @ApiProperty({ format: 'date-time', description: 'When the attempt began (its `webhook-timestamp`).' }) at!: string;
  @ApiProperty({
    enum: WEBHOOK_ATTEMPT_OUTCOMES,
    description:
      '`in_flight`: the request has left (or is leaving), no answer yet. `delivered`: answered 2xx. `failed`: any other answer, or ' +
      'none within the timeout. `unknown`: the answer was never recorded — the dispatcher stopped during the attempt; the receiver ' +
      'may have got the request, and the next attempt sends the same `webhook-id`.',
  })
  outcome!: WebhookAttemptOutcome;
  @ApiProperty({ type: 'integer', description: '0 while in flight and when the outcome is unknown.' }) duration_ms!: number;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Null when no answer came (timeout, refused).' })
  status_code!: number | null;
  @ApiProperty({ description: 'The first 4 KB of the answer.' }) response_body!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Why the attempt failed (`timed out after 10000 ms`, `HTTP 500`, `HTTP 302 (redirects are failures)`) or why its outcome is ' +
      'unknown; null when delivered and while in flight.',
  })
  error!: string | null;
}

/** A delivery with every attempt it had, oldest first (all series). */
export class DeliveryDetailResponse extends DeliveryFields {
  @ApiProperty({ type: [AttemptResponse] }) attempts!: AttemptResponse[];
}

export const mapDelivery = (delivery: WebhookDeliveryEntity): DeliveryResponse => ({
  id: delivery.id,
  event: delivery.event,
  event_id: delivery.eventId,
  status: delivery.status,
  attempts: delivery.attempts,
  next_attempt_at: delivery.nextAttemptAt?.toISOString() ?? null,
  created_at: delivery.createdAt.toISOString(),
});

export const mapAttempt = (attempt: WebhookAttemptEntity): AttemptResponse => ({
  number: attempt.number,
  at: attempt.at.toISOString(),
  outcome: attempt.outcome,
  duration_ms: attempt.durationMs,
  status_code: attempt.statusCode,
  response_body: attempt.responseBody,
  error: attempt.error,
});

export const mapDeliveryDetail = (delivery: WebhookDeliveryEntity, attempts: WebhookAttemptEntity[]): DeliveryDetailResponse => ({
  ...mapDelivery(delivery),
  attempts: attempts.map(mapAttempt),
});
