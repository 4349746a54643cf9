import { Body, Controller, Delete, Get, Header, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActingCompany, CompanyQuery, RequirePermission } from '@suite/authz';
import { ApiErrors, ApiSuccessResponse, PaginatedResponse, paginated, success } from '@suite/http';
import { ListWebhooksQuery } from './dto/list-webhooks.query';
import { WebhookRequest } from './dto/webhook.request';
import { CreatedWebhookResponse, mapWebhook, RotatedSecretResponse, WebhookResponse } from './dto/webhook.response';
import { FIELDS_NOT_OF_KINDS, LIST_NOT_OF_COMPANY } from './webhook-filters.policy';
import { ApiWebhookIdParam, NOT_FOUND_IN_COMPANY, WEBHOOK_NOT_IN_COMPANY, WebhookId } from './webhook-id.pipe';
import { WebhooksService, type WebhookInput } from './webhooks.service';

/** The 422 of create and update: the filters a webhook may not have, by field (decision 0036). */
const FILTERS_REFUSED =
  `${LIST_NOT_OF_COMPANY} (another company's, deleted, or none; errors.list_id names it) Or: ` +
  `${FIELDS_NOT_OF_KINDS} (errors.fields names those no subscribed kind has)`;

const inputOf = (body: WebhookRequest): WebhookInput => ({
  title: body.title,
  url: body.url,
  events: body.events,
  method: body.method ?? 'POST',
  listId: body.list_id === undefined || body.list_id === null ? null : String(body.list_id),
  fields: body.fields ?? [],
});

/** Webhook subscriptions of a company (or, with `company_id`, of an agency's child); all need manage-webhooks. */
@ApiTags('webhooks')
@RequirePermission('manage-webhooks')
@Controller('api/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Create a webhook; its signing secret is in this answer only (400 for a url that is not https)' })
  @ApiSuccessResponse({ status: 201, message: 'Webhook created successfully.', data: CreatedWebhookResponse })
  @ApiErrors({ 404: NOT_FOUND_IN_COMPANY, 422: FILTERS_REFUSED })
  async create(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @Query() _query: CompanyQuery,
    @Body() body: WebhookRequest,
  ) {
    const webhook = await this.webhooks.create(companyId, inputOf(body));
    return success({ message: 'Webhook created successfully.', data: { ...mapWebhook(webhook), secret: webhook.secret } });
  }

  @Get()
  @ApiOperation({ summary: "A page of the company's webhooks, newest first (never their secrets)" })
  @ApiSuccessResponse({ data: PaginatedResponse(WebhookResponse) })
  @ApiErrors({ 404: NOT_FOUND_IN_COMPANY })
  async list(@ActingCompany({ acceptsCompanyId: true }) companyId: string, @Query() query: ListWebhooksQuery) {
    const page = query.pageRequest();
    const [rows, total] = await this.webhooks.list(companyId, page);
    return success({ data: paginated(rows.map(mapWebhook), total, page) });
  }

  @Get(':id')
  @ApiWebhookIdParam()
  @ApiOperation({ summary: 'One webhook (never its secret)' })
  @ApiSuccessResponse({ data: WebhookResponse })
  @ApiErrors({ 404: WEBHOOK_NOT_IN_COMPANY })
  async get(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @WebhookId() id: string,
    @Query() _query: CompanyQuery,
  ) {
    return success({ data: mapWebhook(await this.webhooks.get(companyId, id)) });
  }

  @Put(':id')
  @ApiWebhookIdParam()
  @ApiOperation({ summary: 'Replace a webhook’s settings (same body and rules as create; the secret is kept)' })
  @ApiSuccessResponse({ message: 'Webhook updated successfully.', data: WebhookResponse })
  @ApiErrors({ 404: WEBHOOK_NOT_IN_COMPANY, 422: FILTERS_REFUSED })
  async update(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @WebhookId() id: string,
    @Query() _query: CompanyQuery,
    @Body() body: WebhookRequest,
  ) {
    const webhook = await this.webhooks.update(companyId, id, inputOf(body));
    return success({ message: 'Webhook updated successfully.', data: mapWebhook(webhook) });
  }

  @Delete(':id')
  @ApiWebhookIdParam()
  @ApiOperation({ summary: 'Delete a webhook' })
  @ApiSuccessResponse({ message: 'Webhook deleted successfully.' })
  @ApiErrors({ 404: WEBHOOK_NOT_IN_COMPANY })
  async delete(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @WebhookId() id: string,
    @Query() _query: CompanyQuery,
  ) {
    await this.webhooks.delete(companyId, id);
    return success({ message: 'Webhook deleted successfully.' });
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiWebhookIdParam()
  @ApiOperation({ summary: 'A new signing secret, in this answer only; the previous one still signs for 24 hours' })
  @ApiSuccessResponse({ message: 'Webhook secret rotated successfully.', data: RotatedSecretResponse })
  @ApiErrors({ 404: WEBHOOK_NOT_IN_COMPANY })
  async rotateSecret(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @WebhookId() id: string,
    @Query() _query: CompanyQuery,
  ) {
    const webhook = await this.webhooks.rotateSecret(companyId, id);
    return success({
      message: 'Webhook secret rotated successfully.',
      data: {
        id: webhook.id,
        secret: webhook.secret,
        previous_secret_expires_at: webhook.previousSecretExpiresAt!.toISOString(),
      },
    });
  }
}
