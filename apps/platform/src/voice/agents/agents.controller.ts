import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActingCompany, CompanyQuery, CurrentPrincipal, RequirePermission, type Principal } from '@suite/authz';
import { ApiErrors, ApiSuccessResponse, AppError, PaginatedResponse, paginated, success } from '@suite/http';
import { PlatformIdCodec } from '../../ids/platform-id.codec';
import { ApiPlatformIdParam, PlatformId } from '../../ids/platform-id.pipe';
import { ApiNotFoundInCompany } from '../../shared/not-found.docs';
import { INACTIVE_CANNOT_GO_ONLINE, NUMBER_ALREADY_ANSWERED, AgentsService, type AgentInput } from './agents.service';
import type { NumberField } from './agent-numbers';
import { AgentStatusRequest, CreateAgentRequest, UpdateAgentRequest } from './dto/agent.request';
import { AgentResponse, mapAgent } from './dto/agent.response';
import { ListAgentsQuery } from './dto/list-agents.query';

const NUMBER_ERRORS = {
  409: NUMBER_ALREADY_ANSWERED,
  422: 'inbound_number_id or outbound_number_id is not a live phone number of the company (errors by field).',
};

/** The company's AI voice agents: ids answer as integers and are accepted numeric, base64 or encrypted. */
@ApiTags('agents')
@Controller('api/agents')
export class AgentsController {
  constructor(
    private readonly agents: AgentsService,
    private readonly codec: PlatformIdCodec,
  ) {}

  @Post()
  @RequirePermission('edit-agents')
  @ApiOperation({
    summary: 'Create an AI agent, offline; optionally with its numbers and a performance threshold (emits agent.created)',
  })
  @ApiSuccessResponse({ status: 201, message: 'Agent created successfully.', data: AgentResponse })
  @ApiErrors(NUMBER_ERRORS)
  @ApiNotFoundInCompany()
  async create(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @Query() _query: CompanyQuery,
    @Body() body: CreateAgentRequest,
  ) {
    const { agent, numbers } = await this.agents.create(companyId, { ...this.inputOf(body), name: body.name }, principal.userId);
    return success({ message: 'Agent created successfully.', data: mapAgent(agent, numbers) });
  }

  @Get()
  @RequirePermission('view-agents')
  @ApiOperation({
    summary:
      'List agents by name; `search` matches part of the name, `status` and `active` filter (per_page default 15, max 100)',
  })
  @ApiSuccessResponse({ data: PaginatedResponse(AgentResponse) })
  @ApiNotFoundInCompany()
  async list(@ActingCompany({ acceptsCompanyId: true }) companyId: string, @Query() query: ListAgentsQuery) {
    const page = query.pageRequest();
    const { agents, total, numbers } = await this.agents.list(
      companyId,
      {
        search: query.search,
        status: query.status === 'All' ? undefined : query.status,
        active: query.active === undefined ? undefined : query.active === 'true',
      },
      page,
    );
    return success({
      data: paginated(
        agents.map((agent) => mapAgent(agent, numbers)),
        total,
        page,
      ),
    });
  }

  @Get(':id')
  @RequirePermission('view-agents')
  @ApiPlatformIdParam()
  @ApiOperation({ summary: 'An agent' })
  @ApiSuccessResponse({ data: AgentResponse })
  @ApiNotFoundInCompany('agent')
  async get(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
  ) {
    const { agent, numbers } = await this.agents.get(companyId, id);
    return success({ data: mapAgent(agent, numbers) });
  }

  @Put(':id')
  @RequirePermission('edit-agents')
  @ApiPlatformIdParam()
  @ApiOperation({
    summary:
      'Update an agent: the fields sent are replaced, null clears ' +
      '(emits agent.updated when something changed; deactivating an online agent also takes it offline: agent.status_changed)',
  })
  @ApiSuccessResponse({ message: 'Agent updated successfully.', data: AgentResponse })
  @ApiErrors(NUMBER_ERRORS)
  @ApiNotFoundInCompany('agent')
  async update(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
    @Body() body: UpdateAgentRequest,
  ) {
    const { agent, numbers } = await this.agents.update(
      companyId,
      id,
      { ...this.inputOf(body), name: body.name },
      principal.userId,
    );
    return success({ message: 'Agent updated successfully.', data: mapAgent(agent, numbers) });
  }

  @Delete(':id')
  @RequirePermission('edit-agents')
  @ApiPlatformIdParam()
  @ApiOperation({ summary: 'Delete an agent: it stops answering and frees its numbers (emits agent.deleted)' })
  @ApiSuccessResponse({ message: 'Agent deleted successfully.' })
  @ApiNotFoundInCompany('agent')
  async delete(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
  ) {
    await this.agents.delete(companyId, id, principal.userId);
    return success({ message: 'Agent deleted successfully.' });
  }

  @Put(':id/status')
  @RequirePermission('edit-agents')
  @ApiPlatformIdParam()
  @ApiOperation({
    summary: 'Take an agent online or offline (emits agent.status_changed; the same status again changes nothing)',
  })
  @ApiSuccessResponse({ message: 'Agent status updated successfully.', data: AgentResponse })
  @ApiErrors({ 422: INACTIVE_CANNOT_GO_ONLINE })
  @ApiNotFoundInCompany('agent')
  async status(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
    @Body() body: AgentStatusRequest,
  ) {
    const { agent, numbers } = await this.agents.setStatus(companyId, id, body.status, principal.userId);
    return success({ message: 'Agent status updated successfully.', data: mapAgent(agent, numbers) });
  }

  /** The request's fields as the service takes them: absent stays undefined (kept on update), number ids decoded. */
  private inputOf(body: CreateAgentRequest | UpdateAgentRequest): AgentInput {
    return {
      voice: body.voice,
      prompt: body.prompt,
      inboundNumberId: this.numberId(body.inbound_number_id, 'inbound_number_id'),
      outboundNumberId: this.numberId(body.outbound_number_id, 'outbound_number_id'),
      active: body.active,
      performance:
        body.performance === undefined || body.performance === null
          ? body.performance
          : { minSuccessRate: body.performance.min_success_rate, window: body.performance.window },
    };
  }

  /** A number id in any spelling; one that decodes to nothing names no number of the company (422 like an unknown one). */
  private numberId(value: number | string | null | undefined, field: NumberField): string | null | undefined {
    if (value === undefined || value === null) return value;
    const id = this.codec.decode(String(value));
    if (!id) {
      throw new AppError('unprocessable', `${field} must be a phone number of the company.`, {
        [field]: ['not a phone number of the company'],
      });
    }
    return id;
  }
}
