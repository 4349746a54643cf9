import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiKeyAuthenticated, CurrentPrincipal, type Principal } from '@suite/authz';
import { EMAIL_NOT_FOUND } from '../shared/email-messages';
import { UuidOrNotFoundPipe } from '../shared/uuid-or-not-found.pipe';
import { mapEmailSend } from './dto/email-send.response';
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
  @ApiOperation({
    summary:
      'Send an email (queued at once; the same request_key with the same payload returns the first result, with another payload 409)',
  })
  async send(
    @CurrentPrincipal() principal: Principal,
    @Body() body: SendEmailRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ) {
    const { send, replayed } = await this.sends.send(principal.companyId, body);
    response.header(IDEMPOTENT_REPLAY_HEADER, String(replayed));
    return mapEmailSend(send);
  }

  @Get(':id')
  @ApiOperation({ summary: 'An email send and its status (queued, sent, failed, captured)' })
  async get(@CurrentPrincipal() principal: Principal, @Param('id', new UuidOrNotFoundPipe(EMAIL_NOT_FOUND.send)) id: string) {
    return mapEmailSend(await this.sends.get(principal.companyId, id));
  }
}
