import { Body, Controller, Delete, Get, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActingCompany, CompanyQuery, CurrentPrincipal, RequirePermission, type Principal } from '@suite/authz';
import { ApiErrors, ApiSuccessResponse, PaginatedResponse, paginated, success } from '@suite/http';
import { PlatformIdCodec } from '../../ids/platform-id.codec';
import { ApiPlatformIdParam, PlatformId } from '../../ids/platform-id.pipe';
import { ApiNotFoundInCompany } from '../../shared/not-found.docs';
import { ALREADY_CANCELLED, AppointmentsService } from './appointments.service';
import { CreateAppointmentRequest } from './dto/appointment.request';
import { AppointmentResponse, mapAppointment } from './dto/appointment.response';
import { ListAppointmentsQuery } from './dto/list-appointments.query';

/** Appointments booked with the CRM's contacts: ids answer in base64 and are accepted numeric, base64 or encrypted. */
@ApiTags('appointments')
@Controller('api/appointments')
export class AppointmentsController {
  constructor(
    private readonly appointments: AppointmentsService,
    private readonly codec: PlatformIdCodec,
  ) {}

  @Post()
  @RequirePermission('edit-appointments')
  @ApiOperation({
    summary:
      'Book an appointment with a contact (emits appointment.scheduled); without ends_at it lasts the company’s default ' +
      'appointment length (30 minutes unless set in its settings), without title it is "Appointment with <contact>"',
  })
  @ApiSuccessResponse({ status: 201, message: 'Appointment scheduled successfully.', data: AppointmentResponse })
  @ApiErrors({
    422: 'contact_id is not a contact of the company, assigned_to not a user of it, or ends_at not after starts_at (errors by field).',
  })
  @ApiNotFoundInCompany()
  async schedule(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @Query() _query: CompanyQuery,
    @Body() body: CreateAppointmentRequest,
  ) {
    const appointment = await this.appointments.schedule(
      companyId,
      {
        contactId: this.codec.decode(String(body.contact_id)),
        title: body.title ?? null,
        startsAt: new Date(body.starts_at),
        endsAt: body.ends_at === undefined ? null : new Date(body.ends_at),
        assignedTo: body.assigned_to === undefined ? null : String(body.assigned_to),
      },
      principal.userId,
    );
    return success({ message: 'Appointment scheduled successfully.', data: mapAppointment(appointment) });
  }

  @Get()
  @RequirePermission('view-appointments')
  @ApiOperation({
    summary:
      "List appointments by start time (then id); date_from/date_to (Y-m-d, inclusive) are days in the company's time zone; per_page default 15, max 100",
  })
  @ApiSuccessResponse({ data: PaginatedResponse(AppointmentResponse) })
  @ApiErrors({ 422: 'date_from is after date_to.' })
  @ApiNotFoundInCompany()
  async list(@ActingCompany({ acceptsCompanyId: true }) companyId: string, @Query() query: ListAppointmentsQuery) {
    const page = query.pageRequest();
    const { appointments, total } = await this.appointments.list(
      companyId,
      { dateFrom: query.date_from, dateTo: query.date_to, status: query.status },
      page,
    );
    return success({ data: paginated(appointments.map(mapAppointment), total, page) });
  }

  @Delete(':id')
  @RequirePermission('edit-appointments')
  @ApiPlatformIdParam()
  @ApiOperation({ summary: 'Cancel an appointment; it stays, with status cancelled (emits appointment.cancelled)' })
  @ApiSuccessResponse({ message: 'Appointment cancelled successfully.' })
  @ApiErrors({ 409: ALREADY_CANCELLED })
  @ApiNotFoundInCompany('appointment')
  async cancel(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
  ) {
    await this.appointments.cancel(companyId, id, principal.userId);
    return success({ message: 'Appointment cancelled successfully.' });
  }
}
