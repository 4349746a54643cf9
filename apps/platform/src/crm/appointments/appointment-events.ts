import type { AppointmentData } from '@suite/contracts';
import type { AppointmentEntity } from './appointment.entity';

/** The payload of `appointment.scheduled` and `appointment.cancelled`: ids as numeric strings. */
export const appointmentSnapshot = (appointment: AppointmentEntity, changedBy: string | null): AppointmentData => ({
  id: appointment.id,
  company_id: appointment.companyId,
  contact_id: appointment.contactId,
  title: appointment.title,
  starts_at: appointment.startsAt.toISOString(),
  ends_at: appointment.endsAt.toISOString(),
  assigned_to: appointment.assignedTo,
  status: appointment.status,
  booked_at: appointment.createdAt.toISOString(),
  cancelled_at: appointment.cancelledAt?.toISOString() ?? null,
  changed_by: changedBy,
});
