import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActingCompany, CompanyQuery, RequirePermission } from '@suite/authz';
import { ApiSuccessResponse, success } from '@suite/http';
import { ApiNotFoundInCompany } from '../../shared/not-found.docs';
import { ACTION_CATALOG } from '../definition/catalog/action-catalog';
import { TRIGGER_CATALOG } from '../definition/catalog/trigger-catalog';
import { ActionCatalogQuery } from './catalog.query';
import { ActionCatalogResponse, TriggerCatalogResponse, catalogCategories } from './catalog.response';

/**
 * The catalogs of triggers and actions a graph's nodes may name: the same for every company (the
 * acting company is still resolved, so `company_id` and the permission behave as on every route).
 */
@ApiTags('workflows')
@Controller('api/Workflow/catalog')
export class WorkflowCatalogController {
  @Get('actions')
  @RequirePermission('view-workflows')
  @ApiOperation({ summary: 'The action catalog (global), optionally one category; an unknown category answers no actions' })
  @ApiSuccessResponse({ data: ActionCatalogResponse })
  @ApiNotFoundInCompany()
  actions(@ActingCompany({ acceptsCompanyId: true }) _companyId: string, @Query() query: ActionCatalogQuery) {
    const actions = query.category === undefined ? ACTION_CATALOG : ACTION_CATALOG.filter((a) => a.category === query.category);
    return success({ data: { total: actions.length, categories: catalogCategories(ACTION_CATALOG), actions } });
  }

  @Get('triggers')
  @RequirePermission('view-workflows')
  @ApiOperation({ summary: 'The trigger catalog (global)' })
  @ApiSuccessResponse({ data: TriggerCatalogResponse })
  @ApiNotFoundInCompany()
  triggers(@ActingCompany({ acceptsCompanyId: true }) _companyId: string, @Query() _query: CompanyQuery) {
    return success({
      data: { total: TRIGGER_CATALOG.length, categories: catalogCategories(TRIGGER_CATALOG), triggers: TRIGGER_CATALOG },
    });
  }
}
