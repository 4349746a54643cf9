import { Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiErrors, ApiNoCredential } from '@suite/http';
import { CARRIER_SETTINGS } from '../carrier/carrier.module';
import type { CarrierSettings } from '../carrier/carrier-settings';
import { CallbackIntakeService } from './callback-intake.service';
import { CarrierCallbacksResponse } from './dto/carrier-callbacks.response';

/**
 * Carrier webhooks. No x-api-key: the carrier signs its callbacks instead, and the adapter
 * verifies the signature over the raw body (kept unparsed for this path: messaging.app.ts).
 */
@ApiTags('carrier callbacks')
@Controller('v1/carrier/callbacks')
export class CarrierCallbacksController {
  constructor(
    private readonly intake: CallbackIntakeService,
    @Inject(CARRIER_SETTINGS) private readonly settings: CarrierSettings,
  ) {}

  @Post(':carrier')
  @HttpCode(200)
  @ApiNoCredential()
  @ApiOperation({
    summary:
      'Delivery receipts and inbound messages from the carrier (`sandbox`, `twilio`, `sendblue`), signed (docs/carriers.md): ' +
      '200 also for retries and unknown ids, 401 missing/bad/stale signature or token, 400 malformed body, ' +
      '404 not a provider of the active carrier, 503 receipt ahead of its hand-off (retry)',
  })
  @ApiBody({
    description:
      'sandbox: one callback or an array of up to 1000 (the signature covers the bytes as sent); twilio: a form post ' +
      '(X-Twilio-Signature); sendblue: its JSON webhook (sb-signing-secret and ?token=). docs/carriers.md',
    schema: {
      type: 'object',
      required: ['kind', 'carrier_message_id', 'at'],
      properties: {
        kind: { type: 'string', enum: ['status', 'inbound'] },
        carrier_message_id: { type: 'string' },
        status: { type: 'string', enum: ['delivered', 'failed'], description: 'kind status' },
        reason: { type: 'string', description: 'kind status, optional' },
        from: { type: 'string', description: 'kind inbound' },
        to: { type: 'string', description: 'kind inbound' },
        body: { type: 'string', description: 'kind inbound' },
        channel: { type: 'string', enum: ['imessage', 'sms', 'mms'], description: 'kind inbound, optional' },
        at: { type: 'string', format: 'date-time' },
      },
    },
  })
  @ApiOkResponse({ type: CarrierCallbacksResponse })
  @ApiErrors({
    401: 'Missing, bad or stale signature.',
    404: 'Not the active carrier.',
    503: 'A receipt ahead of its hand-off: retry.',
  })
  async receive(@Param('carrier') carrier: string, @Req() request: FastifyRequest): Promise<CarrierCallbacksResponse> {
    const rawBody: unknown = request.body;
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    return {
      results: await this.intake.receive({
        provider: carrier,
        headers: request.headers,
        rawBody: Buffer.isBuffer(rawBody) ? rawBody : Buffer.alloc(0),
        // What the provider posted to, as it saw it (Twilio signs it): the public base URL and the path and query received.
        url: `${this.settings.publicUrl ?? `${request.protocol}://${request.host}`}${request.url}`,
        query: new URLSearchParams(query),
      }),
    };
  }
}
