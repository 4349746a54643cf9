import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiKeyAuthenticated, CurrentPrincipal, type Principal, RateLimitClass } from '@suite/authz';
import { ApiErrors } from '@suite/http';
import { EMAIL_NOT_FOUND } from '../shared/email-messages';
import { UuidOrNotFoundPipe } from '../shared/uuid-or-not-found.pipe';
import { EmailSendResponse, mapEmailSend } from './dto/email-send.response';
import { SendEmailRequest } from './dto/send-email.request';
import { EmailSendsService } from './email-sends.service';

/** Header on a replayed answer: the request_key was seen before and nothing new was sent. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';

@ApiTags('email')
@ApiKeyAuthenticated()
@Controller('v1/emails')
export class EmailSendsController {
  constructor(private readonly sends: EmailSendsService) {}

  @Post()
  @HttpCode(200)
  @RateLimitClass('send')
  @ApiOperation({
    summary:
      'Send an email (queued at once; the same request_key with the same payload returns the first result, with another payload 409)',
  })
  @ApiOkResponse({
    type: EmailSendResponse,
    headers: {
      [IDEMPOTENT_REPLAY_HEADER]: {
        description: 'true when the request_key was seen before and nothing new was sent',
        schema: { type: 'string', enum: ['true', 'false'] },
      },
    },
  })
  @ApiErrors({
    409: 'The request_key was used for a different email.',
    422: 'domain_id or mailbox_id names nothing of this workspace (or the mailbox is not on that domain); the error names the field.',
  })
  async send(
    @CurrentPrincipal() principal: Principal,
    @Body() body: SendEmailRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<EmailSendResponse> {
    const { send, replayed } = await this.sends.send(principal.companyId, body);
    response.header(IDEMPOTENT_REPLAY_HEADER, String(replayed));
    return mapEmailSend(send);
  }

  @Get(':id')
  @ApiOperation({ summary: 'An email send and its status (queued, sent, failed, captured)' })
  @ApiOkResponse({ type: EmailSendResponse })
  @ApiErrors({ 404: 'No such email in this workspace.' })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param('id', new UuidOrNotFoundPipe(EMAIL_NOT_FOUND.send)) id: string,
  ): Promise<EmailSendResponse> {
    return mapEmailSend(await this.sends.get(principal.companyId, id));
  }
}
