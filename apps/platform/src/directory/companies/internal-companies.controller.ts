import { Body, Controller, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InternalTokenAuthenticated } from '@suite/authz';
import { ApiErrors, ApiSuccessResponse, AppError, success } from '@suite/http';
import { CompaniesService } from './companies.service';
import { CreateCompanyRequest } from './dto/create-company.request';
import { CompanyResponse, mapCompany } from './dto/company.response';
import { RenameCompanyRequest } from './dto/rename-company.request';

const COMPANY_NOT_FOUND = 'No such company (or internal routes are off).';

/**
 * Operator routes for companies (the admin CLI and tests use them). Not routed by the
 * gateway; guarded by INTERNAL_API_TOKEN. Customer-facing company routes come with identity.
 */
@ApiTags('internal')
@InternalTokenAuthenticated()
@Controller('internal/companies')
export class InternalCompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  @Post()
  @ApiOperation({ summary: 'Create a company, top-level or an agency’s child (400 when the parent is itself a child)' })
  @ApiSuccessResponse({ status: 201, data: CompanyResponse })
  @ApiErrors({ 404: 'No such parent company (or internal routes are off).' })
  async create(@Body() body: CreateCompanyRequest) {
    const company = await this.companies.create({ name: body.name, parentCompanyId: body.parent_company_id });
    return success({ data: mapCompany(company) });
  }

  @Get(':id')
  @ApiOperation({ summary: 'A company by its numeric id' })
  @ApiSuccessResponse({ data: CompanyResponse })
  @ApiErrors({ 404: COMPANY_NOT_FOUND })
  async get(@Param('id') id: string) {
    return success({ data: mapCompany(await this.companies.get(numericId(id))) });
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Rename a company (emits company.renamed)' })
  @ApiSuccessResponse({ data: CompanyResponse })
  @ApiErrors({ 404: COMPANY_NOT_FOUND })
  async rename(@Param('id') id: string, @Body() body: RenameCompanyRequest) {
    return success({ data: mapCompany(await this.companies.rename(numericId(id), body.name)) });
  }
}

function numericId(id: string): string {
  if (!/^\d{1,18}$/.test(id)) throw new AppError('not_found', 'Company not found.');
  return id;
}
