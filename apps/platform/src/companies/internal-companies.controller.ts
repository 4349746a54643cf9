import { Body, Controller, Get, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { InternalTokenGuard } from '@suite/authz';
import { AppError, success } from '@suite/runtime';
import { CompaniesService } from './companies.service';
import { CreateCompanyRequest } from './dto/create-company.request';
import { mapCompany } from './dto/company.response';
import { RenameCompanyRequest } from './dto/rename-company.request';

/**
 * Operator routes for companies (the admin CLI and tests use them). Not routed by the
 * gateway; guarded by INTERNAL_API_TOKEN. Customer-facing company routes come with identity.
 */
@ApiTags('internal')
@ApiSecurity('internal-token')
@UseGuards(InternalTokenGuard)
@Controller('internal/companies')
export class InternalCompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  @Post()
  async create(@Body() body: CreateCompanyRequest) {
    const company = await this.companies.create({ name: body.name, parentCompanyId: body.parent_company_id });
    return success({ data: mapCompany(company) });
  }

  @Get(':id')
  async get(@Param('id') id: string) {
    return success({ data: mapCompany(await this.companies.get(numericId(id))) });
  }

  @Patch(':id')
  async rename(@Param('id') id: string, @Body() body: RenameCompanyRequest) {
    return success({ data: mapCompany(await this.companies.rename(numericId(id), body.name)) });
  }
}

function numericId(id: string): string {
  if (!/^\d{1,18}$/.test(id)) throw new AppError('not_found', 'Company not found.');
  return id;
}
