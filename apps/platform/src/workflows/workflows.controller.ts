import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActingCompany, CompanyQuery, CurrentPrincipal, RequirePermission, type Principal } from '@suite/authz';
import { ApiErrors, ApiSuccessResponse, PaginatedResponse, paginated, success } from '@suite/http';
import { ApiPlatformIdParam, PlatformId } from '../ids/platform-id.pipe';
import { ApiNotFoundInCompany } from '../shared/not-found.docs';
import { CreateWorkflowRequest } from './dto/create-workflow.request';
import { ListWorkflowsQuery } from './dto/list-workflows.query';
import { OptionalBody } from './dto/optional-body';
import { SaveBuilderRequest } from './dto/save-builder.request';
import {
  BuilderResponse,
  CreatedWorkflowResponse,
  SavedBuilderResponse,
  WorkflowRowResponse,
  WorkflowStatusResponse,
  mapBuilder,
  mapCreatedWorkflow,
  mapWorkflowRow,
  mapWorkflowStatus,
} from './dto/workflow.response';
import { WorkflowStatusRequest } from './dto/workflow-status.request';
import { base64Id } from '../shared/api-ids';
import { NOTHING_TO_RUN, REVIEW_IMPORTED, UNRESOLVED_REFERENCES } from './workflow-activation';
import { INVALID_GRAPH } from './workflow-graph-check';
import { DEACTIVATE_BEFORE_DELETE, FOLDER_REFUSED, WorkflowsService } from './workflows.service';

const ACTIVATION_REFUSED =
  `${NOTHING_TO_RUN} / ${REVIEW_IMPORTED}: <fields>. / ${UNRESOLVED_REFERENCES}: <what>. ` +
  `(errors by field, e.g. trigger_config.actions[a3].config.stage_id)`;

/**
 * Automation workflows: create, list, the builder's read and save, activation, delete. Ids answer
 * in base64; path ids take any platform spelling. The spec's paths carry a capital W.
 */
@ApiTags('workflows')
@Controller('api/Workflow')
export class WorkflowsController {
  constructor(private readonly workflows: WorkflowsService) {}

  @Post('create')
  @RequirePermission('edit-workflows')
  @ApiOperation({
    summary:
      'Create a draft workflow; the body is optional (no name: "Untitled workflow <date time> UTC"); emits workflow.created',
  })
  @ApiBody({ type: CreateWorkflowRequest, required: false })
  @ApiSuccessResponse({ status: 201, data: CreatedWorkflowResponse })
  @ApiErrors({ 422: `${INVALID_GRAPH} / ${FOLDER_REFUSED} (errors by field)` })
  @ApiNotFoundInCompany()
  async create(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @Query() _query: CompanyQuery,
    @Body(OptionalBody(CreateWorkflowRequest)) body: CreateWorkflowRequest,
  ) {
    const workflow = await this.workflows.create(
      companyId,
      { name: body.name, description: body.description, triggerConfig: body.trigger_config, folderId: body.folder_id },
      principal.userId,
    );
    return success({ data: mapCreatedWorkflow(workflow) });
  }

  @Get()
  @RequirePermission('view-workflows')
  @ApiOperation({ summary: 'List the workflows, newest first; filters folder_id and status; per_page default 15, max 100' })
  @ApiSuccessResponse({ data: PaginatedResponse(WorkflowRowResponse) })
  @ApiErrors({ 422: FOLDER_REFUSED })
  @ApiNotFoundInCompany()
  async list(@ActingCompany({ acceptsCompanyId: true }) companyId: string, @Query() query: ListWorkflowsQuery) {
    const page = query.pageRequest();
    const { workflows, total } = await this.workflows.list(companyId, { folderId: query.folder_id, status: query.status }, page);
    return success({ data: paginated(workflows.map(mapWorkflowRow), total, page) });
  }

  @Get('builder/:id')
  @RequirePermission('view-workflows')
  @ApiPlatformIdParam()
  @ApiOperation({
    summary: 'Get Builder: the workflow with its graph (trigger_config) and the imported selections still to review',
  })
  @ApiSuccessResponse({ data: BuilderResponse })
  @ApiNotFoundInCompany('workflow')
  async builder(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
  ) {
    return success({ data: mapBuilder(await this.workflows.get(companyId, id)) });
  }

  @Put('builder/:id')
  @RequirePermission('edit-workflows')
  @ApiPlatformIdParam()
  @ApiOperation({
    summary:
      'Save the builder: the full graph replaces the old one and the version moves on; this save is the review of imported selections. ' +
      'Saving an active workflow freezes the new version for new runs (refused like an activation when the graph could not be activated)',
  })
  @ApiSuccessResponse({ data: SavedBuilderResponse })
  @ApiErrors({ 422: `${INVALID_GRAPH} / ${FOLDER_REFUSED} / an active workflow: ${ACTIVATION_REFUSED}` })
  @ApiNotFoundInCompany('workflow')
  async save(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
    @Body() body: SaveBuilderRequest,
  ) {
    const workflow = await this.workflows.saveBuilder(companyId, id, {
      triggerConfig: body.trigger_config,
      name: body.name,
      description: body.description,
      folderId: body.folder_id,
    });
    return success({ data: { id: base64Id(workflow.id), trigger_config: workflow.triggerConfig } });
  }

  @Put('status/:id')
  @RequirePermission('edit-workflows')
  @ApiPlatformIdParam()
  @ApiOperation({
    summary:
      'Activate (freezes the graph for new runs; emits workflow.activated) or deactivate (no new runs, waiting runs cancelled; emits workflow.deactivated). ' +
      'The status it already has: 200, nothing changes; a draft stays a draft when deactivated',
  })
  @ApiSuccessResponse({ data: WorkflowStatusResponse })
  @ApiErrors({ 422: ACTIVATION_REFUSED })
  @ApiNotFoundInCompany('workflow')
  async setStatus(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
    @Body() body: WorkflowStatusRequest,
  ) {
    return success({ data: mapWorkflowStatus(await this.workflows.setStatus(companyId, id, body.status, principal.userId)) });
  }

  @Delete(':id')
  @HttpCode(200)
  @RequirePermission('edit-workflows')
  @ApiPlatformIdParam()
  @ApiOperation({ summary: 'Delete a workflow that is not active, with its frozen versions; its runs stay in the execution log' })
  @ApiSuccessResponse({ message: 'Workflow deleted successfully.' })
  @ApiErrors({ 409: DEACTIVATE_BEFORE_DELETE })
  @ApiNotFoundInCompany('workflow')
  async delete(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
  ) {
    await this.workflows.delete(companyId, id);
    return success({ message: 'Workflow deleted successfully.' });
  }
}
