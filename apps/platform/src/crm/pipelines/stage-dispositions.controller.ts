import { Body, Controller, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActingCompany, CompanyQuery, RequirePermission } from '@suite/authz';
import { ApiErrors, ApiSuccessResponse, success } from '@suite/http';
import { ApiPlatformIdParam, PlatformId } from '../../ids/platform-id.pipe';
import { base64Id } from '../../shared/api-ids';
import { ApiNotFoundInCompany } from '../../shared/not-found.docs';
import { StageDispositionsRequest, StageDispositionsResponse } from './dto/stage-dispositions.request';
import { StageDispositionsService } from './stage-dispositions.service';

/** Call dispositions linked to a stage: a call ended with one moves its contact to the stage. */
@ApiTags('pipelines')
@Controller('api/pipeline/stages')
export class StageDispositionsController {
  constructor(private readonly dispositions: StageDispositionsService) {}

  @Put(':id/dispositions')
  @RequirePermission('edit-pipelines')
  @ApiPlatformIdParam()
  @ApiOperation({
    summary:
      'Replace the call dispositions that move a contact to this stage (trimmed, lower-cased, at most 50); ' +
      'one linked to another stage of the same pipeline moves here',
  })
  @ApiSuccessResponse({ message: 'Stage dispositions updated successfully.', data: StageDispositionsResponse })
  @ApiErrors({ 422: 'A name is longer than 100 characters once lower-cased.' })
  @ApiNotFoundInCompany('stage')
  async replace(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
    @Body() body: StageDispositionsRequest,
  ) {
    const dispositions = await this.dispositions.replace(companyId, id, body.dispositions);
    return success({ message: 'Stage dispositions updated successfully.', data: { stage_id: base64Id(id), dispositions } });
  }
}
