import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CALL_DIRECTIONS, CALL_SENTIMENTS, HANGUP_REASONS } from '@suite/contracts';
import { ApiErrors, ApiNoCredential } from '@suite/http';
import { CallCallbacks } from './call-callbacks.service';
import { VoiceCallbacksResponse } from './dto/voice-callbacks.response';

/** Where a raw body is kept unparsed (platform.app.ts rawBodyRoutes): the signature covers the bytes. */
export const VOICE_CALLBACKS_PATH = '/api/voice/callbacks';

/**
 * The voice provider's webhooks. No bearer token: the provider signs its callbacks instead
 * (`x-voice-timestamp` / `x-voice-signature`, docs/voice.md), and the adapter verifies the
 * signature over the raw body.
 */
@ApiTags('voice callbacks')
@Controller(VOICE_CALLBACKS_PATH.slice(1))
export class CallCallbacksController {
  constructor(private readonly callbacks: CallCallbacks) {}

  @Post(':provider')
  @HttpCode(200)
  @ApiNoCredential()
  @ApiOperation({
    summary:
      "A call's lifecycle from the voice provider, signed with the shared secret instead of a bearer token (docs/voice.md): " +
      '200 also for repeats (`duplicate`) and out-of-place steps (`ignored`), 401 missing/bad/stale signature, 400 malformed body, ' +
      '404 not the active provider',
  })
  @ApiBody({
    description: 'One callback or an array of up to 1000 (the signature covers the bytes as sent; docs/voice.md)',
    schema: {
      type: 'object',
      required: ['kind', 'call_id', 'at', 'context'],
      properties: {
        kind: { type: 'string', enum: ['started', 'answered', 'transferred', 'ended'] },
        call_id: { type: 'string', maxLength: 64 },
        at: { type: 'string', format: 'date-time' },
        context: {
          type: 'object',
          required: ['company_id'],
          properties: {
            company_id: { type: 'string', pattern: '^[0-9]+$' },
            contact_id: { type: 'string', nullable: true, pattern: '^[0-9]+$' },
            campaign_id: { type: 'string', nullable: true, pattern: '^[0-9]+$' },
            agent_id: { type: 'string', nullable: true, pattern: '^[0-9]+$' },
          },
        },
        direction: { type: 'string', enum: [...CALL_DIRECTIONS], description: 'kind started (optional on ended)' },
        from: { type: 'string', maxLength: 16, description: 'E.164; kind started (optional on ended)' },
        to: { type: 'string', maxLength: 16, description: 'E.164; kind started (optional on ended)' },
        transferred_to: { type: 'string', nullable: true, maxLength: 16, description: 'kind transferred, optional' },
        duration_seconds: { type: 'integer', minimum: 0, maximum: 86400, description: 'kind ended' },
        hangup_reason: { type: 'string', nullable: true, enum: [...HANGUP_REASONS], description: 'kind ended' },
        call_successful: { type: 'boolean', nullable: true, description: 'kind ended' },
        sentiment: { type: 'string', nullable: true, enum: [...CALL_SENTIMENTS], description: 'kind ended' },
        disposition: { type: 'string', nullable: true, maxLength: 100, description: 'kind ended' },
        transcription: { type: 'string', nullable: true, maxLength: 100000, description: 'kind ended' },
        recording_url: { type: 'string', nullable: true, maxLength: 2048, description: 'https; kind ended' },
        tags: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 100 }, description: 'kind ended' },
        custom_fields: { type: 'object', description: 'kind ended' },
        started_at: { type: 'string', format: 'date-time', description: 'kind ended, optional' },
        answered_at: { type: 'string', format: 'date-time', description: 'kind ended, optional' },
      },
    },
  })
  @ApiOkResponse({ type: VoiceCallbacksResponse })
  @ApiErrors({
    401: 'Missing, malformed, stale or bad signature.',
    404: 'Not the active voice provider.',
  })
  async receive(@Param('provider') provider: string, @Req() request: FastifyRequest): Promise<VoiceCallbacksResponse> {
    const rawBody: unknown = request.body;
    return {
      results: await this.callbacks.receive(provider, request.headers, Buffer.isBuffer(rawBody) ? rawBody : Buffer.alloc(0)),
    };
  }
}
