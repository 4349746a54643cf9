import { ApiProperty } from '@nestjs/swagger';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '@suite/contracts';
import { apiId, base64Id } from '../../../shared/api-ids';
import type { AppointmentEntity } from '../appointment.entity';

export class AppointmentResponse {
  @ApiProperty({ description: 'base64 id', example: 'NQ==' }) id!: string;
  @ApiProperty({ description: 'The contact (base64 id)', example: 'MTAx' }) contact_id!: string;
  @ApiProperty({ maxLength: 255 }) title!: string;
  @ApiProperty({ format: 'date-time' }) starts_at!: string;
  @ApiProperty({ format: 'date-time' }) ends_at!: string;
  @ApiProperty({ type: 'integer', nullable: true, description: 'The user it is booked with' }) assigned_to!: number | null;
  @ApiProperty({ enum: APPOINTMENT_STATUSES }) status!: AppointmentStatus;
  @ApiProperty({ format: 'date-time', description: 'When it was booked' }) booked_at!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) cancelled_at!: string | null;
}

export const mapAppointment = (appointment: AppointmentEntity): AppointmentResponse => ({
  id: base64Id(appointment.id),
  contact_id: base64Id(appointment.contactId),
  title: appointment.title,
  starts_at: appointment.startsAt.toISOString(),
  ends_at: appointment.endsAt.toISOString(),
  assigned_to: appointment.assignedTo === null ? null : apiId(appointment.assignedTo),
  status: appointment.status,
  booked_at: appointment.createdAt.toISOString(),
  cancelled_at: appointment.cancelledAt?.toISOString() ?? null,
});
