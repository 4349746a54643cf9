import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActingCompany, CompanyQuery, CurrentPrincipal, RequirePermission, type Principal } from '@suite/authz';
import { ApiErrors, ApiSuccessResponse, AppError, success } from '@suite/http';
import { ApiPlatformIdParam, PlatformId } from '../../ids/platform-id.pipe';
import { ApiNotFoundInCompany } from '../../shared/not-found.docs';
import { buildPackage, parsePackage } from '../definition/package/workflow-package';
import { WorkflowsService } from '../workflows.service';
import { importedJson, PACKAGE_FILE_FIELD, PACKAGE_FILE_MAX_BYTES } from './import-body';
import { PACKAGE_BODY_DOC, WorkflowPackageResponse } from './workflow-package.docs';

export const IMPORTED = 'Workflow imported as a draft. Review company-specific selections before activating.';

/**
 * Export and import of workflows as packages (`service.workflow.export`, version 1): the package
 * carries no owner, so another company imports it as a draft whose company-specific selections
 * are to review before activation. Each route also answers at its alias path.
 */
@ApiTags('workflows')
@Controller('api/Workflow')
export class WorkflowPackagesController {
  constructor(private readonly workflows: WorkflowsService) {}

  @Get(['export/:id', 'builder/:id/export'])
  @RequirePermission('view-workflows')
  @ApiPlatformIdParam()
  @ApiOperation({
    summary: 'Export a workflow as a package (the package itself, not wrapped); also GET /api/Workflow/builder/{id}/export',
  })
  @ApiOkResponse({ type: WorkflowPackageResponse, description: 'The export package' })
  @ApiNotFoundInCompany('workflow')
  async export(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
  ) {
    const workflow = await this.workflows.get(companyId, id);
    return buildPackage({
      name: workflow.name,
      description: workflow.description,
      triggerConfig: workflow.triggerConfig,
      settings: workflow.settings,
    });
  }

  @Post(['import', 'builder/import'])
  @RequirePermission('edit-workflows')
  @ApiOperation({
    summary:
      'Import a package as a new draft (every company-specific selection to review before activation); also POST /api/Workflow/builder/import. ' +
      `The body is the package or its workflow object as JSON, ` +
      `or the package file as multipart/form-data in field "${PACKAGE_FILE_FIELD}" (at most 1 MB); emits workflow.created`,
  })
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody(PACKAGE_BODY_DOC)
  @ApiSuccessResponse({ status: 201, message: IMPORTED })
  @ApiErrors({
    400: 'Not a workflow export package: unknown schema, a version this build does not read, unknown properties, or a file that is not JSON.',
    413: `An uploaded file over ${PACKAGE_FILE_MAX_BYTES} bytes.`,
    422: 'The package is not valid (errors by field: name, description, settings, trigger_config.…).',
  })
  @ApiNotFoundInCompany()
  async import(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @Query() _query: CompanyQuery,
    @Body() body: unknown,
  ) {
    const parsed = parsePackage(importedJson(body));
    if (!parsed.ok) throw new AppError(parsed.status === 400 ? 'invalid' : 'unprocessable', parsed.message, parsed.fields);
    await this.workflows.importDraft(companyId, parsed.workflow, principal.userId);
    return success({ message: IMPORTED });
  }
}
