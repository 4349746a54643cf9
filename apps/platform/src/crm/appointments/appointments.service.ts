import { CompanyScopedRepository, unscopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { And, DataSource, IsNull, type EntityManager, LessThan, MoreThanOrEqual, type FindOperator } from 'typeorm';
import type { AppointmentStatus } from '@suite/contracts';
import { newEvent, Outbox } from '@suite/eventing';
import { AppError, type PageRequest } from '@suite/http';
import { CompanyEntity, assertAssignable } from '../../directory';
import { ContactEntity } from '../contact.entity';
import { localMidnightUtc, nextLocalDate } from '../../shared/local-day';
import { defaultAppointmentEnd, defaultAppointmentTitle } from './appointment-defaults';
import { appointmentSnapshot } from './appointment-events';
import { AppointmentEntity } from './appointment.entity';

export const APPOINTMENT_NOT_FOUND = 'Appointment not found.';
export const ALREADY_CANCELLED = 'Appointment is already cancelled.';

export interface AppointmentInput {
  /** The decoded contact id; null when the id sent decodes to nothing (422 like an unknown one). */
  contactId: string | null;
  /** null: "Appointment with" the contact (appointment-defaults.ts). */
  title: string | null;
  startsAt: Date;
  /** null: the start plus the company's default appointment length (its settings; 30 minutes unless set). */
  endsAt: Date | null;
  assignedTo: string | null;
}

export interface AppointmentsFilter {
  /** First local day (Y-m-d) in the company's time zone, inclusive. */
  dateFrom?: string;
  /** Last local day (Y-m-d), inclusive. */
  dateTo?: string;
  status?: AppointmentStatus;
}

/**
 * Appointments booked with the company's contacts. Booking and cancelling each commit with their
 * event (`appointment.scheduled`, `appointment.cancelled`); days of a list are the company's local
 * days (its time zone, DST included), bounded in TypeScript (shared/local-day.ts).
 */
@Injectable()
export class AppointmentsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  schedule(companyId: string, input: AppointmentInput, changedBy: string | null): Promise<AppointmentEntity> {
    return this.dataSource.transaction((manager) => this.scheduleIn(manager, companyId, input, changedBy));
  }

  /** `schedule` in the caller's transaction (a workflow step books the contact). */
  async scheduleIn(
    manager: EntityManager,
    companyId: string,
    input: AppointmentInput,
    changedBy: string | null,
  ): Promise<AppointmentEntity> {
    const endsAt = input.endsAt ?? defaultAppointmentEnd(input.startsAt, await this.defaultMinutes(manager, companyId));
    if (endsAt.getTime() <= input.startsAt.getTime()) {
      throw new AppError('unprocessable', 'ends_at must be after starts_at.', { ends_at: ['must be after starts_at'] });
    }
    const contact = input.contactId
      ? await CompanyScopedRepository.of(manager, ContactEntity, companyId).findOne({
          select: { id: true, firstName: true, lastName: true, phone: true, email: true },
          where: { id: input.contactId, deletedAt: IsNull() },
          lock: { mode: 'pessimistic_read' },
        })
      : null;
    if (!contact) {
      throw new AppError('unprocessable', 'contact_id must be a contact of the company.', { contact_id: ['unknown contact'] });
    }
    if (input.assignedTo) await assertAssignable(manager, companyId, input.assignedTo);
    const appointments = CompanyScopedRepository.of(manager, AppointmentEntity, companyId);
    const appointment = await appointments.save(
      appointments.create({
        contactId: contact.id,
        title: input.title ?? defaultAppointmentTitle(contact),
        startsAt: input.startsAt,
        endsAt,
        assignedTo: input.assignedTo,
        status: 'scheduled',
        cancelledAt: null,
      }),
    );
    await this.outbox.append(
      manager,
      newEvent('appointment.scheduled', {
        companyId,
        subject: appointment.id,
        data: appointmentSnapshot(appointment, changedBy),
      }),
    );
    return appointment;
  }

  /** A page of appointments by start (then id), optionally within local days and of one status. */
  async list(
    companyId: string,
    filter: AppointmentsFilter,
    page: PageRequest,
  ): Promise<{ appointments: AppointmentEntity[]; total: number }> {
    if (filter.dateFrom && filter.dateTo && filter.dateFrom > filter.dateTo) {
      throw new AppError('unprocessable', 'date_from must be on or before date_to.', {
        date_from: ['must be on or before date_to'],
      });
    }
    const startsAt = await this.startsWithin(companyId, filter);
    const [appointments, total] = await CompanyScopedRepository.of(this.dataSource, AppointmentEntity, companyId).findAndCount({
      where: { ...(startsAt ? { startsAt } : {}), ...(filter.status ? { status: filter.status } : {}) },
      order: { startsAt: 'ASC', id: 'ASC' },
      skip: page.offset,
      take: page.perPage,
    });
    return { appointments, total };
  }

  /** Cancels a scheduled appointment (the row stays); a cancelled one is 409. */
  cancel(companyId: string, id: string, changedBy: string | null): Promise<AppointmentEntity> {
    return this.dataSource.transaction(async (manager) => {
      const appointments = CompanyScopedRepository.of(manager, AppointmentEntity, companyId);
      const appointment = await appointments.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!appointment) throw new AppError('not_found', APPOINTMENT_NOT_FOUND);
      if (appointment.status === 'cancelled') throw new AppError('conflict', ALREADY_CANCELLED);
      const cancelled = await appointments.save({ ...appointment, status: 'cancelled', cancelledAt: new Date() });
      await this.outbox.append(
        manager,
        newEvent('appointment.cancelled', {
          companyId,
          subject: cancelled.id,
          data: appointmentSnapshot(cancelled, changedBy),
        }),
      );
      return cancelled;
    });
  }

  /** How long the company's appointments last when booked without an end (company settings). */
  private async defaultMinutes(manager: EntityManager, companyId: string): Promise<number> {
    const company = await unscopedRepository(manager, CompanyEntity).findOne({
      select: { id: true, defaultAppointmentMinutes: true },
      where: { id: companyId },
    });
    if (!company) throw new AppError('not_found', 'Company not found.');
    return company.defaultAppointmentMinutes;
  }

  /** The condition on starts_at for the local days asked, in the company's time zone; undefined for none. */
  private async startsWithin(companyId: string, filter: AppointmentsFilter): Promise<FindOperator<Date> | undefined> {
    if (!filter.dateFrom && !filter.dateTo) return undefined;
    const company = await unscopedRepository(this.dataSource, CompanyEntity).findOneBy({ id: companyId });
    if (!company) throw new AppError('not_found', 'Company not found.');
    const from = filter.dateFrom ? MoreThanOrEqual(localMidnightUtc(filter.dateFrom, company.timezone)) : undefined;
    const to = filter.dateTo ? LessThan(localMidnightUtc(nextLocalDate(filter.dateTo), company.timezone)) : undefined;
    return from && to ? And(from, to) : (from ?? to);
  }
}
