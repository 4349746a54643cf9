import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuthenticated, CurrentPrincipal, NotRateLimited, type Principal } from '@suite/authz';
import { ApiErrors } from '@suite/http';
import { SandboxInboundRequest } from '../carrier/sandbox/dto/sandbox-inbound.request';
import { mapMessage, MessageResponse } from '../messages/dto/message.response';
import { SandboxInboundService } from './sandbox-inbound.service';

/**
 * Mounted only with MESSAGING_CARRIER=sandbox (callbacks.module.ts). Never rate limited: it stands in
 * for the carrier's inbound callback, which is not (decision 0045).
 */
@ApiTags('sandbox')
@ApiKeyAuthenticated()
@NotRateLimited()
@Controller('v1/sandbox')
export class SandboxInboundController {
  constructor(private readonly sandbox: SandboxInboundService) {}

  @Post('inbound')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Simulate a person (`from`) texting one of your sender numbers (`to`) through the signed callback path; 200 with the stored inbound message. ' +
      '404 when `to` is not your number; only with the sandbox carrier',
  })
  @ApiOkResponse({ type: MessageResponse })
  @ApiErrors({
    404: '`to` is not a sender number of this workspace, or the sandbox carrier is off.',
    503: 'Not stored; try again.',
  })
  async inbound(@CurrentPrincipal() principal: Principal, @Body() body: SandboxInboundRequest): Promise<MessageResponse> {
    return mapMessage(await this.sandbox.simulate(principal.companyId, body));
  }
}
