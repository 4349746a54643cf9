import { ApiProperty } from '@nestjs/swagger';
import { apiId } from '../../../shared/api-ids';
import { WEEK_STARTS, type CompanyEntity, type WeekStart } from '../company.entity';

/** A company's settings as GET and PUT /api/company/settings answer them. */
export class CompanySettingsResponse {
  @ApiProperty({ type: 'integer', example: 12 }) company_id!: number;
  @ApiProperty({ example: 'Acme Roofing' }) name!: string;
  @ApiProperty({ example: 'America/New_York', description: 'IANA time zone' }) timezone!: string;
  @ApiProperty({ enum: WEEK_STARTS, example: 'monday' }) week_start!: WeekStart;
  @ApiProperty({ type: 'integer', example: 30, description: 'How long an appointment booked without ends_at lasts, in minutes' })
  default_appointment_minutes!: number;
}

export const mapCompanySettings = (company: CompanyEntity): CompanySettingsResponse => ({
  company_id: apiId(company.id),
  name: company.name,
  timezone: company.timezone,
  week_start: company.weekStart,
  default_appointment_minutes: company.defaultAppointmentMinutes,
});
