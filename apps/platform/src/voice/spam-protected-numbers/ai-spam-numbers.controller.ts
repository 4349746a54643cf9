import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActingCompany, RequirePermission } from '@suite/authz';
import { ApiSuccessResponse, PaginatedResponse, paginated, success } from '@suite/http';
import { ApiNotFoundInCompany } from '../../shared/not-found.docs';
import { AiSpamNumbersService } from './ai-spam-numbers.service';
import { AiSpamNumberResponse } from './dto/ai-spam-number.response';
import { ListAiSpamNumbersQuery } from './dto/list-ai-spam-numbers.query';

/** The AI dashboard's spam numbers: AI numbers whose reputation is Flagged or still In Progress. */
@ApiTags('ai-dashboard')
@Controller('api/ai/dashboard/spam-numbers')
export class AiSpamNumbersController {
  constructor(private readonly numbers: AiSpamNumbersService) {}

  @Get()
  @RequirePermission('view-spam-protected-numbers')
  @ApiOperation({
    summary:
      'List the company’s AI numbers whose spam status is Flagged or In Progress (current state, not date-limited), newest first; ' +
      'search over number, nickname and area code; per_page default 15, max 100',
  })
  @ApiSuccessResponse({ data: PaginatedResponse(AiSpamNumberResponse) })
  @ApiNotFoundInCompany()
  async list(@ActingCompany({ acceptsCompanyId: true }) companyId: string, @Query() query: ListAiSpamNumbersQuery) {
    const page = query.pageRequest();
    const { records, total } = await this.numbers.list(companyId, query.search, page);
    return success({ data: paginated(records, total, page) });
  }
}
