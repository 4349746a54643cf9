import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { CompanyQuery } from '@suite/authz';
import { WEBHOOK_EVENT_KINDS, type WebhookEventKind } from '@suite/contracts';
import { PageQuery, type PageLimits } from '@suite/http';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from '../webhook-delivery.entity';

export const DELIVERIES_PAGE: PageLimits = { defaultPerPage: 15, maxPerPage: 100 };

/** `GET /api/webhooks/{id}/deliveries`: a page of a webhook's deliveries, newest first, optionally of one status or kind. */
export class ListDeliveriesQuery extends PageQuery(DELIVERIES_PAGE, CompanyQuery) {
  @ApiPropertyOptional({ enum: WEBHOOK_DELIVERY_STATUSES })
  @IsOptional()
  @IsIn(WEBHOOK_DELIVERY_STATUSES)
  status?: WebhookDeliveryStatus;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENT_KINDS })
  @IsOptional()
  @IsIn(WEBHOOK_EVENT_KINDS)
  event?: WebhookEventKind;
}
