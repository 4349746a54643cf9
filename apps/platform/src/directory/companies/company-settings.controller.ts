import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActingCompany, CompanyQuery, RequirePermission } from '@suite/authz';
import { ApiSuccessResponse, AppError, success } from '@suite/http';
import { ApiNotFoundInCompany } from '../../shared/not-found.docs';
import { CompaniesService } from './companies.service';
import { SETTINGS_FIELDS, UpdateCompanySettingsRequest } from './dto/company-settings.request';
import { CompanySettingsResponse, mapCompanySettings } from './dto/company-settings.response';

/** The company's own settings (time zone, first day of the week, appointment length), read and written by its admin. */
@ApiTags('company')
@Controller('api/company/settings')
export class CompanySettingsController {
  constructor(private readonly companies: CompaniesService) {}

  @Get()
  @RequirePermission('manage-company-settings')
  @ApiOperation({
    summary:
      'The company’s settings: time zone, first day of the week, default appointment length (an agency may name its child in company_id)',
  })
  @ApiSuccessResponse({ data: CompanySettingsResponse })
  @ApiNotFoundInCompany()
  async get(@ActingCompany({ acceptsCompanyId: true }) companyId: string, @Query() _query: CompanyQuery) {
    return success({ data: mapCompanySettings(await this.companies.get(companyId)) });
  }

  @Put()
  @RequirePermission('manage-company-settings')
  @ApiOperation({
    summary:
      'Update the company’s settings: the fields sent are replaced, at least one of timezone (an IANA zone), week_start and ' +
      'default_appointment_minutes (400 otherwise)',
  })
  @ApiSuccessResponse({ message: 'Settings updated successfully.', data: CompanySettingsResponse })
  @ApiNotFoundInCompany()
  async update(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @Query() _query: CompanyQuery,
    @Body() body: UpdateCompanySettingsRequest,
  ) {
    if (SETTINGS_FIELDS.every((field) => body[field] === undefined)) {
      const sentence = `Send at least one of ${SETTINGS_FIELDS.join(', ')}.`;
      throw new AppError('invalid', sentence, Object.fromEntries(SETTINGS_FIELDS.map((field) => [field, [sentence]])));
    }
    const company = await this.companies.updateSettings(companyId, {
      timezone: body.timezone,
      weekStart: body.week_start,
      defaultAppointmentMinutes: body.default_appointment_minutes,
    });
    return success({ message: 'Settings updated successfully.', data: mapCompanySettings(company) });
  }
}
