import { payloadSchema } from './payload-schema';

export const APPOINTMENT_STATUSES = ['scheduled', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Payload of `appointment.scheduled` and `appointment.cancelled` on `platform.appointment.v1`. Subject: the appointment id. */
export interface AppointmentData {
  id: string;
  company_id: string;
  contact_id: string;
  title: string;
  starts_at: string;
  ends_at: string;
  /** The user it is booked with; null when unassigned. */
  assigned_to: string | null;
  status: AppointmentStatus;
  /** When it was booked (the dashboard counts bookings by this instant). */
  booked_at: string;
  cancelled_at: string | null;
  changed_by: string | null;
}

const numericId = { type: 'string', pattern: '^[0-9]+$' } as const;

export const appointmentSchema = payloadSchema<AppointmentData>({
  properties: {
    id: numericId,
    company_id: numericId,
    contact_id: numericId,
    title: { type: 'string', maxLength: 255 },
    starts_at: { type: 'string', format: 'date-time' },
    ends_at: { type: 'string', format: 'date-time' },
    assigned_to: { type: ['string', 'null'], pattern: '^[0-9]+$', description: 'user id' },
    status: { type: 'string', enum: APPOINTMENT_STATUSES },
    booked_at: { type: 'string', format: 'date-time' },
    cancelled_at: { type: ['string', 'null'], description: 'date-time' },
    changed_by: { type: ['string', 'null'], pattern: '^[0-9]+$', description: 'user id' },
  },
  required: [
    'id',
    'company_id',
    'contact_id',
    'title',
    'starts_at',
    'ends_at',
    'assigned_to',
    'status',
    'booked_at',
    'cancelled_at',
    'changed_by',
  ],
});
