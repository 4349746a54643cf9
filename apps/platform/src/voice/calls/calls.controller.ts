import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ActingCompany, CompanyQuery, RequirePermission } from '@suite/authz';
import { ApiSuccessResponse, PaginatedResponse, paginated, success } from '@suite/http';
import { ApiNotFoundInCompany } from '../../shared/not-found.docs';
import { CallsService } from './calls.service';
import { CallResponse, mapCall } from './dto/call.response';
import { ListCallsQuery } from './dto/list-calls.query';

/** The company's voice calls as the provider reported them (read only: calls are written by the provider's callbacks). */
@ApiTags('calls')
@Controller('api/calls')
export class CallsController {
  constructor(private readonly calls: CallsService) {}

  @Get()
  @RequirePermission('view-calls')
  @ApiOperation({
    summary:
      'List calls, newest first (started_at, then id); filter by agent_id, contact_id, campaign_id, direction, status; per_page default 15, max 100',
  })
  @ApiSuccessResponse({ data: PaginatedResponse(CallResponse) })
  @ApiNotFoundInCompany()
  async list(@ActingCompany({ acceptsCompanyId: true }) companyId: string, @Query() query: ListCallsQuery) {
    const page = query.pageRequest();
    const { calls, total } = await this.calls.list(
      companyId,
      {
        agentId: query.agent_id === undefined ? undefined : String(query.agent_id),
        contactId: query.contact_id === undefined ? undefined : String(query.contact_id),
        campaignId: query.campaign_id === undefined ? undefined : String(query.campaign_id),
        direction: query.direction,
        status: query.status,
      },
      page,
    );
    return success({ data: paginated(calls.map(mapCall), total, page) });
  }

  @Get(':call_id')
  @RequirePermission('view-calls')
  @ApiParam({
    name: 'call_id',
    description: "The provider's call id (`sbx_call_…` in the sandbox)",
    schema: { type: 'string', maxLength: 64 },
  })
  @ApiOperation({ summary: "One call by the provider's call id (the webhooks' call_id)" })
  @ApiSuccessResponse({ data: CallResponse })
  @ApiNotFoundInCompany('call')
  async get(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @Param('call_id') callId: string,
    @Query() _query: CompanyQuery,
  ) {
    return success({ data: mapCall(await this.calls.get(companyId, callId)) });
  }
}
