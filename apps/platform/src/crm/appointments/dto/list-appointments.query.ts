import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { CompanyQuery } from '@suite/authz';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '@suite/contracts';
import { PageQuery, type PageLimits } from '@suite/http';
import { OptionalLocalDay } from '../../../shared/date.validators';

export const APPOINTMENTS_PAGE: PageLimits = { defaultPerPage: 15, maxPerPage: 100 };

/** GET /api/appointments: by start, in the company's days. */
export class ListAppointmentsQuery extends PageQuery(APPOINTMENTS_PAGE, CompanyQuery) {
  @OptionalLocalDay("Appointments starting on or after this day (Y-m-d), a day in the company's time zone")
  date_from?: string;

  @OptionalLocalDay("Appointments starting on or before this day (Y-m-d, inclusive), a day in the company's time zone")
  date_to?: string;

  @ApiPropertyOptional({ enum: APPOINTMENT_STATUSES })
  @IsOptional()
  @IsIn(APPOINTMENT_STATUSES)
  status?: AppointmentStatus;
}
