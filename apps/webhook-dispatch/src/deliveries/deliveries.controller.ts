import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ActingCompany, CompanyQuery, RateLimitClass, RequirePermission } from '@suite/authz';
import { ApiErrors, apiErrorContent, ApiSuccessResponse, PaginatedResponse, paginated, success } from '@suite/http';
import {
  ApiDeliveryIdParam,
  ApiWebhookIdParam,
  DeliveryId,
  NOT_FOUND_IN_COMPANY,
  WEBHOOK_NOT_IN_COMPANY,
  WebhookId,
} from '../webhooks/webhook-id.pipe';
import {
  DeliveriesService,
  DELIVERY_ERASED,
  DELIVERY_PENDING,
  DELIVERY_WEBHOOK_GONE,
  TestSendsLimited,
  TOO_MANY_TEST_SENDS,
  WEBHOOK_DISABLED,
} from './deliveries.service';
import { DeliveryDetailResponse, DeliveryResponse, mapDelivery, mapDeliveryDetail } from './dto/delivery.response';
import { ListDeliveriesQuery } from './dto/list-deliveries.query';
import { TestWebhookRequest } from './dto/test-webhook.request';

const DELIVERY_NOT_IN_COMPANY = `No such delivery in the company, or ${NOT_FOUND_IN_COMPANY}`;

/** A company's webhook deliveries: list, detail, replay and test sends (decision 0030); all need manage-webhooks. */
@ApiTags('webhooks')
@RequirePermission('manage-webhooks')
@Controller('api/webhooks')
export class DeliveriesController {
  constructor(private readonly deliveries: DeliveriesService) {}

  @Get('deliveries/:delivery_id')
  @ApiDeliveryIdParam()
  @ApiOperation({ summary: 'One delivery with every attempt it had, oldest first (a replay starts a new series at number 1)' })
  @ApiSuccessResponse({ data: DeliveryDetailResponse })
  @ApiErrors({ 404: DELIVERY_NOT_IN_COMPANY })
  async get(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @DeliveryId() id: string,
    @Query() _query: CompanyQuery,
  ) {
    const { delivery, attempts } = await this.deliveries.get(companyId, id);
    return success({ data: mapDeliveryDetail(delivery, attempts) });
  }

  @Post('deliveries/:delivery_id/replay')
  @HttpCode(200)
  @RateLimitClass('send')
  @ApiDeliveryIdParam()
  @ApiOperation({
    summary: 'Send a delivered or failed delivery again now, same event id (webhook-id), as a new series of attempts',
  })
  @ApiSuccessResponse({ message: 'Webhook delivery replay queued.', data: DeliveryResponse })
  @ApiErrors({
    404: DELIVERY_NOT_IN_COMPANY,
    409: `${WEBHOOK_DISABLED} Or: ${DELIVERY_PENDING} Or: ${DELIVERY_WEBHOOK_GONE} Or: ${DELIVERY_ERASED}`,
  })
  async replay(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @DeliveryId() id: string,
    @Query() _query: CompanyQuery,
  ) {
    const delivery = await this.deliveries.replay(companyId, id);
    return success({ message: 'Webhook delivery replay queued.', data: mapDelivery(delivery) });
  }

  @Get(':id/deliveries')
  @ApiWebhookIdParam()
  @ApiOperation({ summary: "A page of the webhook's deliveries, newest first, optionally of one status or event kind" })
  @ApiSuccessResponse({ data: PaginatedResponse(DeliveryResponse) })
  @ApiErrors({ 404: WEBHOOK_NOT_IN_COMPANY })
  async list(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @WebhookId() id: string,
    @Query() query: ListDeliveriesQuery,
  ) {
    const page = query.pageRequest();
    const [rows, total] = await this.deliveries.list(companyId, id, { status: query.status, event: query.event }, page);
    return success({ data: paginated(rows.map(mapDelivery), total, page) });
  }

  @Post(':id/test')
  @RateLimitClass('send')
  @ApiWebhookIdParam()
  @ApiOperation({ summary: "Send the kind's fixed sample payload (docs/webhooks.md) under a fresh event id, as one delivery" })
  @ApiSuccessResponse({ status: 201, message: 'Webhook test delivery queued.', data: DeliveryResponse })
  @ApiErrors({ 404: WEBHOOK_NOT_IN_COMPANY, 409: WEBHOOK_DISABLED })
  @ApiResponse({
    status: 429,
    description: TOO_MANY_TEST_SENDS,
    content: apiErrorContent(),
    headers: {
      'Retry-After': { description: 'Seconds until the next test send is allowed', schema: { type: 'integer', minimum: 1 } },
    },
  })
  async test(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @WebhookId() id: string,
    @Query() _query: CompanyQuery,
    @Body() body: TestWebhookRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const delivery = await this.deliveries.test(companyId, id, body.event).catch((error: unknown) => {
      if (error instanceof TestSendsLimited) reply.header('Retry-After', String(error.retryAfterSeconds));
      throw error;
    });
    return success({ message: 'Webhook test delivery queued.', data: mapDelivery(delivery) });
  }
}
