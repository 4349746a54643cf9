import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ActingCompany, CompanyQuery, CurrentPrincipal, type Principal } from '@suite/authz';
import { ApiErrors, ApiSuccessResponse, AppError, PaginatedResponse, paginated, success } from '@suite/http';
import { PlatformIdCodec } from '../../ids/platform-id.codec';
import { PlatformId } from '../../ids/platform-id.pipe';
import {
  AGENT_REFUSED,
  AGENT_REFUSED_FIELD,
  ALREADY_COMPLETED,
  ALREADY_RUNNING,
  CampaignsService,
  EMPTY_LIST,
  NOT_RUNNING,
  STOP_BEFORE_DELETE,
} from './campaigns.service';
import { CampaignResponse, mapCampaign } from './dto/campaign.response';
import { CreateCampaignRequest } from './dto/create-campaign.request';
import { ListCampaignsQuery } from './dto/list-campaigns.query';
import { refuseBody } from './dto/no-body';
import { CompanyRoute } from '../../shared/company-route';

const DEFAULT_WINDOW = { start: '09:00', end: '20:00' };

/** Dialer campaigns: call every contact of a list once, paced, inside each contact's calling hours. Ids answer in base64. */
@ApiTags('campaigns')
@Controller('api/campaigns')
export class CampaignsController {
  constructor(
    private readonly campaigns: CampaignsService,
    private readonly codec: PlatformIdCodec,
  ) {}

  @Post()
  @CompanyRoute('edit-campaigns', {
    summary: 'Create a campaign (draft) over a list, calling from an agent or a caller number',
    answer: ApiSuccessResponse({ status: 201, message: 'Campaign created successfully.', data: CampaignResponse }),
    errors: ApiErrors({
      422:
        'list_id is not a list of the company, agent_id not an active agent of it with an outbound number, ' +
        'caller_number not a live number of it, both or neither of agent_id and caller_number given, ' +
        'or calling_window start equals end (errors by field).',
    }),
  })
  async create(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @Query() _query: CompanyQuery,
    @Body() body: CreateCampaignRequest,
  ) {
    const window = body.calling_window ?? DEFAULT_WINDOW;
    const created = await this.campaigns.create(companyId, {
      name: body.name,
      listId: this.codec.decode(String(body.list_id)),
      agentId: body.agent_id === undefined ? null : this.decodeAgentId(body.agent_id),
      callerNumber: body.caller_number ?? null,
      callsPerMinute: body.calls_per_minute ?? 5,
      maxConcurrentCalls: body.max_concurrent_calls ?? 1,
      windowStart: window.start,
      windowEnd: window.end,
    });
    return success({ message: 'Campaign created successfully.', data: mapCampaign(created) });
  }

  @Get()
  @CompanyRoute('view-campaigns', {
    summary: 'List the campaigns, newest first, each with its progress; per_page default 15, max 100',
    answer: ApiSuccessResponse({ data: PaginatedResponse(CampaignResponse) }),
  })
  async list(@ActingCompany({ acceptsCompanyId: true }) companyId: string, @Query() query: ListCampaignsQuery) {
    const page = query.pageRequest();
    const { campaigns, total } = await this.campaigns.list(companyId, page);
    return success({ data: paginated(campaigns.map(mapCampaign), total, page) });
  }

  @Get(':id')
  @CompanyRoute('view-campaigns', {
    summary: 'A campaign with its status and progress',
    answer: ApiSuccessResponse({ data: CampaignResponse }),
    idParam: true,
    notFound: 'campaign',
  })
  async get(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
  ) {
    return success({ data: mapCampaign(await this.campaigns.get(companyId, id)) });
  }

  @Post(':id/start')
  @HttpCode(200)
  @CompanyRoute('edit-campaigns', {
    summary:
      "Start (draft) or resume (stopped) a campaign: the first start takes the list's contacts with a phone; " +
      'emits campaign.started (and campaign.completed when none can be called)',
    answer: ApiSuccessResponse({ message: 'Campaign started successfully.', data: CampaignResponse }),
    idParam: true,
    errors: ApiErrors({ 409: `${ALREADY_RUNNING} / ${ALREADY_COMPLETED}`, 422: EMPTY_LIST }),
    notFound: 'campaign',
  })
  async start(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
    @Body() body: unknown,
  ) {
    refuseBody(body);
    const started = await this.campaigns.start(companyId, id, principal.userId);
    return success({ message: 'Campaign started successfully.', data: mapCampaign(started) });
  }

  @Post(':id/stop')
  @HttpCode(200)
  @CompanyRoute('edit-campaigns', {
    summary:
      'Stop a running campaign: no new calls; calls in flight finish; pending contacts wait for a restart (emits campaign.stopped)',
    answer: ApiSuccessResponse({ message: 'Campaign stopped successfully.', data: CampaignResponse }),
    idParam: true,
    errors: ApiErrors({ 409: NOT_RUNNING }),
    notFound: 'campaign',
  })
  async stop(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
    @Body() body: unknown,
  ) {
    refuseBody(body);
    const stopped = await this.campaigns.stop(companyId, id, principal.userId);
    return success({ message: 'Campaign stopped successfully.', data: mapCampaign(stopped) });
  }

  @Delete(':id')
  @CompanyRoute('edit-campaigns', {
    summary: 'Delete a campaign that is not running',
    answer: ApiSuccessResponse({ message: 'Campaign deleted successfully.' }),
    idParam: true,
    errors: ApiErrors({ 409: STOP_BEFORE_DELETE }),
    notFound: 'campaign',
  })
  async delete(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
  ) {
    await this.campaigns.delete(companyId, id);
    return success({ message: 'Campaign deleted successfully.' });
  }

  /** An agent id that decodes to nothing names no agent of the company: the same 422 as an unknown one. */
  private decodeAgentId(value: number | string): string {
    const id = this.codec.decode(String(value));
    if (!id) throw new AppError('unprocessable', AGENT_REFUSED, { agent_id: [AGENT_REFUSED_FIELD] });
    return id;
  }
}
