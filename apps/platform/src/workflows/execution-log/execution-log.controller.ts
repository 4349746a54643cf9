import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActingCompany, CompanyQuery, RequirePermission } from '@suite/authz';
import type { WorkflowRunStatus } from '@suite/contracts';
import { ApiErrors, ApiSuccessResponse, PaginatedResponse, paginated, success } from '@suite/http';
import { ApiPlatformIdParam, PlatformId } from '../../ids/platform-id.pipe';
import { ApiNotFoundInCompany } from '../../shared/not-found.docs';
import { ALL, ExecutionLogQuery } from './dto/execution-log.query';
import {
  ExecutionDetailResponse,
  ExecutionLogRowResponse,
  mapExecutionRow,
  mapExecutionStep,
} from './dto/execution-log.response';
import { DATES_REVERSED, ExecutionLogService, WORKFLOW_FILTER_REFUSED } from './execution-log.service';

const unlessAll = (value: string | undefined): string | undefined => (value === ALL ? undefined : value);

/** The execution log of the company's workflow runs. Ids answer in base64. */
@ApiTags('workflows')
@Controller('api/Workflow/execution-log')
export class ExecutionLogController {
  constructor(private readonly log: ExecutionLogService) {}

  @Get()
  @RequirePermission('view-workflows')
  @ApiOperation({
    summary:
      "The company's workflow runs, newest first; filters workflow_id, trigger_type, status (each `All` or a value) " +
      "and date_from/date_to (Y-m-d, inclusive, the company's days); per_page default 15, max 30",
  })
  @ApiSuccessResponse({ data: PaginatedResponse(ExecutionLogRowResponse) })
  @ApiErrors({ 422: `${WORKFLOW_FILTER_REFUSED} / ${DATES_REVERSED}` })
  @ApiNotFoundInCompany()
  async list(@ActingCompany({ acceptsCompanyId: true }) companyId: string, @Query() query: ExecutionLogQuery) {
    const page = query.pageRequest();
    const { runs, total } = await this.log.list(
      companyId,
      {
        workflowId: unlessAll(query.workflow_id),
        triggerType: unlessAll(query.trigger_type),
        status: unlessAll(query.status) as WorkflowRunStatus | undefined,
        dateFrom: query.date_from,
        dateTo: query.date_to,
      },
      page,
    );
    return success({
      data: paginated(
        runs.map(({ run, workflowName }) => mapExecutionRow(run, workflowName)),
        total,
        page,
      ),
    });
  }

  @Get(':id')
  @RequirePermission('view-workflows')
  @ApiPlatformIdParam()
  @ApiOperation({ summary: 'One run of the execution log with its steps, in order' })
  @ApiSuccessResponse({ data: ExecutionDetailResponse })
  @ApiNotFoundInCompany('execution')
  async get(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
  ) {
    const { run, workflowName, steps } = await this.log.get(companyId, id);
    return success({ data: { ...mapExecutionRow(run, workflowName), steps: steps.map(mapExecutionStep) } });
  }
}
