import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActingCompany, RequirePermission } from '@suite/authz';
import { ApiSuccessResponse, PaginatedResponse, paginated, success } from '@suite/http';
import { ApiPlatformIdParam, PlatformId } from '../../ids/platform-id.pipe';
import { ApiNotFoundInCompany } from '../../shared/not-found.docs';
import { CampaignsService } from './campaigns.service';
import { CallAttempts } from './dialer/call-attempts';
import { CallAttemptResponse, ListCallAttemptsQuery, mapCallAttempt } from './dto/call-attempt.response';

/** What the dialer asked the voice provider for a campaign: every attempt, ambiguous ones included (docs/voice.md). */
@ApiTags('campaigns')
@Controller('api/campaigns')
export class CallAttemptsController {
  constructor(
    private readonly campaigns: CampaignsService,
    private readonly attempts: CallAttempts,
  ) {}

  @Get(':id/call-attempts')
  @RequirePermission('view-campaigns')
  @ApiPlatformIdParam()
  @ApiOperation({
    summary:
      "The campaign's call attempts, newest first: each request to the provider, recorded before it left and settled after; per_page default 15, max 100",
  })
  @ApiSuccessResponse({ data: PaginatedResponse(CallAttemptResponse) })
  @ApiNotFoundInCompany('campaign')
  async list(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() query: ListCallAttemptsQuery,
  ) {
    await this.campaigns.get(companyId, id); // 404 outside the company
    const page = query.pageRequest();
    const { attempts, total } = await this.attempts.list(companyId, id, page);
    return success({ data: paginated(attempts.map(mapCallAttempt), total, page) });
  }
}
