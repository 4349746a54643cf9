import { defineEvent } from './define-event';
import { nullable, payload, stringEnum, Type, type Static } from './payload-schema';
import { changedBy, companyRecordIds, instant, numericId } from './payload-fields';
import { Topics } from './topics';

export const APPOINTMENT_STATUSES = ['scheduled', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Payload of `appointment.scheduled` and `appointment.cancelled` on `platform.appointment.v1`. Subject: the appointment id. */
export const appointmentSchema = payload({
  ...companyRecordIds,
  contact_id: numericId,
  title: Type.String({ maxLength: 255 }),
  starts_at: instant,
  ends_at: instant,
  /** The user it is booked with; null when unassigned. */
  assigned_to: nullable(Type.String({ pattern: '^[0-9]+$', description: 'user id' })),
  status: stringEnum(APPOINTMENT_STATUSES),
  /** When it was booked (the dashboard counts bookings by this instant). */
  booked_at: instant,
  cancelled_at: nullable(Type.String({ description: 'date-time' })),
  ...changedBy(),
});
export type AppointmentData = Static<typeof appointmentSchema>;

export const PLATFORM_APPOINTMENT_EVENTS = [
  defineEvent(
    'appointment.scheduled',
    Topics.platformAppointment,
    appointmentSchema,
    'An appointment was booked with a contact (feeds the appointment.scheduled webhook).',
  ),
  defineEvent('appointment.cancelled', Topics.platformAppointment, appointmentSchema, 'A booked appointment was cancelled.'),
] as const;
