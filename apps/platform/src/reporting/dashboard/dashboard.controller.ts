import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActingCompany, RequirePermission } from '@suite/authz';
import { ApiErrors, ApiSuccessResponse, success } from '@suite/http';
import { ApiNotFoundInCompany } from '../../shared/not-found.docs';
import { RANGE_REFUSED, DashboardService } from './dashboard.service';
import { BusinessOverviewQuery } from './dto/business-overview.query';
import { BusinessOverviewResponse } from './dto/business-overview.response';

/** The business dashboard: what the company's marketing bought in a range of its own days. */
@ApiTags('dashboard')
@Controller('api/dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('business')
  @RequirePermission('view-dashboard')
  @ApiOperation({
    summary:
      "Business overview for a preset range (default thisMonth) in the company's time zone and week start: " +
      'leads, bookings, ad spend and costs, outbound calls and texts, a daily trend and the ad channels',
  })
  @ApiSuccessResponse({ data: BusinessOverviewResponse })
  @ApiErrors({ 422: RANGE_REFUSED })
  @ApiNotFoundInCompany()
  async business(@ActingCompany({ acceptsCompanyId: true }) companyId: string, @Query() query: BusinessOverviewQuery) {
    return success({ data: await this.dashboard.overview(companyId, query.range) });
  }
}
