import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActingCompany, CompanyQuery, CurrentPrincipal, RequirePermission, type Principal } from '@suite/authz';
import { ApiErrors, ApiSuccessResponse, paginated, success } from '@suite/http';
import { ApiPlatformIdParam, PlatformId } from '../../ids/platform-id.pipe';
import { PlatformIdCodec } from '../../ids/platform-id.codec';
import { decodeIdOr404, sentIdOf } from '../../ids/platform-id-value';
import { ApiNotFoundInCompany } from '../../shared/not-found.docs';
import { base64Id } from '../../shared/api-ids';
import { PipelineContactsByQuery, PipelineContactsQuery } from './dto/pipeline-contacts.query';
import { CreatePipelineRequest, MoveStageRequest, UpdateStageRequest } from './dto/pipeline.request';
import {
  CreatedPipelineResponse,
  mapCreatedPipeline,
  mapMove,
  mapPipeline,
  mapPipelineContact,
  mapUpdatedStage,
  MovedContactResponse,
  PipelineContactsPageResponse,
  PipelineResponse,
  UpdatedStageResponse,
} from './dto/pipeline.responses';
import { STAGE_NOT_FOUND } from './pipeline-placements';
import { PIPELINE_NOT_FOUND, PipelinesService } from './pipelines.service';

/**
 * The spec's Pipelines endpoints, and creating and listing pipelines. Ids answer in base64;
 * path and body ids are accepted numeric, base64 or encrypted.
 */
@ApiTags('pipelines')
@Controller('api/pipeline')
export class PipelinesController {
  constructor(
    private readonly pipelines: PipelinesService,
    private readonly codec: PlatformIdCodec,
  ) {}

  @Get()
  @RequirePermission('view-pipelines')
  @ApiOperation({ summary: 'List pipelines, each with its stages in order and the contact count per stage' })
  @ApiSuccessResponse({ data: [PipelineResponse] })
  @ApiNotFoundInCompany()
  async list(@ActingCompany({ acceptsCompanyId: true }) companyId: string, @Query() _query: CompanyQuery) {
    return success({ data: (await this.pipelines.list(companyId)).map(mapPipeline) });
  }

  @Post()
  @RequirePermission('edit-pipelines')
  @ApiOperation({ summary: 'Create a pipeline with its ordered stages (emits pipeline.created)' })
  @ApiSuccessResponse({ status: 201, message: 'Pipeline created successfully.', data: CreatedPipelineResponse })
  @ApiNotFoundInCompany()
  async create(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @Query() _query: CompanyQuery,
    @Body() body: CreatePipelineRequest,
  ) {
    const created = await this.pipelines.create(companyId, body.name, body.stages);
    return success({ message: 'Pipeline created successfully.', data: mapCreatedPipeline(created) });
  }

  @Get('contacts')
  @RequirePermission('view-pipelines')
  @ApiOperation({ summary: "A pipeline's contacts, the pipeline in `pipeline_id` (same as GET /api/pipeline/{id}/contacts)" })
  @ApiSuccessResponse({ data: PipelineContactsPageResponse })
  @ApiNotFoundInCompany('pipeline or stage')
  async contactsByQuery(@ActingCompany({ acceptsCompanyId: true }) companyId: string, @Query() query: PipelineContactsByQuery) {
    return this.contactsPage(companyId, this.decode(query.pipeline_id, PIPELINE_NOT_FOUND), query);
  }

  @Get(':id/contacts')
  @RequirePermission('view-pipelines')
  @ApiPlatformIdParam()
  @ApiOperation({
    summary:
      "A pipeline's contacts, newest placement first: one stage's (`stage_id`) or all, optionally one user's (`assigned_to`); per_page default 15, max 30",
  })
  @ApiSuccessResponse({ data: PipelineContactsPageResponse })
  @ApiNotFoundInCompany('pipeline or stage')
  async contacts(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() query: PipelineContactsQuery,
  ) {
    return this.contactsPage(companyId, id, query);
  }

  @Post('contact/move-stage')
  @RequirePermission('edit-pipelines')
  @ApiOperation({
    summary:
      "Move a contact to a stage, or place it in the stage's pipeline (old_stage_id null); " +
      'the counts are those the move commits (emits pipeline.contact_moved)',
  })
  @ApiSuccessResponse({ status: 201, message: 'Contact moved to stage successfully.', data: MovedContactResponse })
  @ApiErrors({
    404: 'company_id names a company you may not act on, or the stage’s pipeline was deleted while the move waited for it.',
    422: 'contact_id is not a live contact, or stage_id not a stage, of the company (each failing field named; decision 0042).',
  })
  async moveStage(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @Query() _query: CompanyQuery,
    @Body() body: MoveStageRequest,
  ) {
    const move = await this.pipelines.moveContact(
      companyId,
      sentIdOf(this.codec, body.contact_id),
      sentIdOf(this.codec, body.stage_id),
      principal.userId,
    );
    return success({ message: 'Contact moved to stage successfully.', data: mapMove(move) });
  }

  @Put('stages/update/:id')
  @RequirePermission('edit-pipelines')
  @ApiPlatformIdParam()
  @ApiOperation({ summary: 'Rename a stage (emits pipeline.stage_renamed)' })
  @ApiSuccessResponse({ message: 'Stage updated successfully.', data: UpdatedStageResponse })
  @ApiNotFoundInCompany('stage')
  async updateStage(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
    @Body() body: UpdateStageRequest,
  ) {
    const stage = await this.pipelines.renameStage(companyId, id, body.stage_name);
    return success({ message: 'Stage updated successfully.', data: mapUpdatedStage(stage) });
  }

  @Delete(['delete/:id', ':id'])
  @RequirePermission('edit-pipelines')
  @ApiPlatformIdParam()
  @ApiOperation({
    summary:
      'Delete a pipeline, its stages and their disposition links; its contacts stay and leave the pipeline ' +
      '(also DELETE /api/pipeline/delete/{id}; emits pipeline.deleted)',
  })
  @ApiSuccessResponse({ message: 'Pipeline deleted successfully.' })
  @ApiNotFoundInCompany('pipeline')
  async delete(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
  ) {
    await this.pipelines.delete(companyId, id, principal.userId);
    return success({ message: 'Pipeline deleted successfully.' });
  }

  private async contactsPage(companyId: string, pipelineId: string, query: PipelineContactsQuery) {
    const page = query.pageRequest();
    const result = await this.pipelines.contacts(
      companyId,
      pipelineId,
      {
        stageId: query.stage_id === undefined ? undefined : this.decode(query.stage_id, STAGE_NOT_FOUND),
        assignedTo: query.assigned_to === undefined ? undefined : String(query.assigned_to),
      },
      page,
    );
    return success({
      data: {
        ...paginated(result.rows.map(mapPipelineContact), result.total, page),
        pipeline_id: base64Id(result.pipeline.id),
        pipeline_name: result.pipeline.name,
      },
    });
  }

  private decode(value: number | string, notFound: string): string {
    return decodeIdOr404(this.codec, value, notFound);
  }
}
