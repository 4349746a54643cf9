import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActingCompany, CompanyQuery, CurrentPrincipal, RequirePermission, type Principal } from '@suite/authz';
import { ApiErrors, ApiSuccessResponse, success } from '@suite/http';
import { apiId } from '../../shared/api-ids';
import { PlatformIdCodec } from '../../ids/platform-id.codec';
import { ApiPlatformIdParam, PlatformId } from '../../ids/platform-id.pipe';
import { ApiNotFoundInCompany } from '../../shared/not-found.docs';
import { ChatbotService, NOT_AN_ACTIVE_AGENT, notAnActiveAgent } from './chatbot.service';
import { AssignChatbotRequest } from './dto/assign-chatbot.request';
import { ChatbotAssignmentResponse, ChatbotOptionsResponse } from './dto/chatbot.response';
import { DsiAgentsQuery } from './dto/dsi-agents.query';

/**
 * The agents' side of the company's phone numbers. The phone-numbers feature owns the rest of
 * /api/phone-numbers; these two routes have segments of their own (`dsi-agents`, `{id}/agent`).
 */
@ApiTags('phone-numbers')
@Controller('api/phone-numbers')
export class ChatbotController {
  constructor(
    private readonly chatbot: ChatbotService,
    private readonly codec: PlatformIdCodec,
  ) {}

  @Get('dsi-agents')
  @RequirePermission('view-agents')
  @ApiOperation({
    summary:
      'The chatbot picker: active agents of the signed-in company by name, 15 a page; ' +
      '`q` matches part of the name, `id` gives that one agent (none when unknown)',
  })
  @ApiOkResponse({ type: ChatbotOptionsResponse })
  async options(@ActingCompany() companyId: string, @Query() query: DsiAgentsQuery): Promise<ChatbotOptionsResponse> {
    const { agents, more } = await this.chatbot.options(companyId, {
      q: query.q,
      id: query.id === undefined ? undefined : this.codec.decode(query.id),
      page: query.page ?? 1,
    });
    return { results: agents.map((agent) => ({ id: apiId(agent.id), text: agent.name })), pagination: { more } };
  }

  @Put(':id/agent')
  @RequirePermission('edit-phone-numbers')
  @ApiPlatformIdParam()
  @ApiOperation({
    summary:
      'Assign Chatbot: the agent answers this number from now on (another agent answering it lets go; null unassigns); ' +
      'emits agent.updated for each agent that changes',
  })
  @ApiSuccessResponse({ message: 'Chatbot assigned successfully.', data: ChatbotAssignmentResponse })
  @ApiErrors({ 422: NOT_AN_ACTIVE_AGENT })
  @ApiNotFoundInCompany('phone number')
  async assign(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
    @Body() body: AssignChatbotRequest,
  ) {
    const agentId = body.agent_id === null ? null : this.codec.decode(String(body.agent_id));
    if (agentId === null && body.agent_id !== null) throw notAnActiveAgent();
    const { number, agent } = await this.chatbot.assign(companyId, id, agentId, principal.userId);
    return success({
      message: 'Chatbot assigned successfully.',
      data: {
        phone_number_id: apiId(number.id),
        phone_number: number.phoneNumber,
        agent_id: agent ? apiId(agent.id) : null,
        agent_name: agent?.name ?? null,
      },
    });
  }
}
