import { Body, Controller, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActingCompany, CompanyQuery, RequirePermission } from '@suite/authz';
import { ApiErrors, ApiSuccessResponse, success } from '@suite/http';
import { PlatformIdCodec } from '../../../ids/platform-id.codec';
import { ApiPlatformIdParam, PlatformId } from '../../../ids/platform-id.pipe';
import { ApiNotFoundInCompany } from '../../../shared/not-found.docs';
import { RunWorkflowRequest } from './dto/run-workflow.request';
import { mapStartedRun, StartedRunsResponse } from './dto/started-run.response';
import { ManualRunsService, NO_RUN_NOW_TRIGGER, NOT_ACTIVE } from './manual-runs.service';

export const RUNS_STARTED = 'Workflow runs started.';

/** The `run_now` trigger's route: start an active workflow for chosen contacts. */
@ApiTags('workflows')
@Controller('api/Workflow')
export class WorkflowRunsController {
  constructor(
    private readonly runs: ManualRunsService,
    private readonly codec: PlatformIdCodec,
  ) {}

  @Post(':id/run')
  @RequirePermission('edit-workflows')
  @ApiPlatformIdParam()
  @ApiOperation({
    summary:
      'Run an active workflow now for up to 100 contacts (its Run Now trigger); each gets a run, or a skipped one past the loop guard',
  })
  @ApiSuccessResponse({ status: 201, message: RUNS_STARTED, data: StartedRunsResponse })
  @ApiErrors({ 422: `${NOT_ACTIVE} / ${NO_RUN_NOW_TRIGGER} / contact_ids must be contacts of the company.` })
  @ApiNotFoundInCompany('workflow')
  async run(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
    @Body() body: RunWorkflowRequest,
  ) {
    const contacts = body.contact_ids.map((value) => ({ sent: String(value), id: this.codec.decode(String(value)) }));
    const runs = await this.runs.run(companyId, id, contacts);
    return success({ message: RUNS_STARTED, data: { runs: runs.map(mapStartedRun) } });
  }
}
