import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { IsNotBlank, IsNumericId, IsOmittable, MAX_ID } from '@suite/http';
import { IsPlatformIdValue } from '../../../ids/platform-id-value';
import { MAX_APPOINTMENT_TITLE } from '../appointment-defaults';
import { IsOffsetDateTime, MAX_DATE_TIME_TEXT } from '../../../shared/date.validators';

export class CreateAppointmentRequest {
  @IsPlatformIdValue({ description: 'The contact it is booked with: numeric id, base64 (NDI=) or an encrypted id' })
  contact_id!: number | string;

  @ApiPropertyOptional({
    maxLength: MAX_APPOINTMENT_TITLE,
    example: 'Discovery call',
    description:
      'Absent: "Appointment with" the contact’s name (first and last), else its phone number, else its email — ' +
      '"Appointment with Ada Lovelace"',
  })
  @IsOmittable()
  @IsString()
  @IsNotBlank()
  @MaxLength(MAX_APPOINTMENT_TITLE)
  title?: string;

  @ApiProperty({
    format: 'date-time',
    maxLength: MAX_DATE_TIME_TEXT,
    description: 'ISO 8601 with an offset or Z, years 2000–2100',
    example: '2026-03-08T09:30:00-05:00',
  })
  @IsOffsetDateTime()
  starts_at!: string;

  @ApiPropertyOptional({
    format: 'date-time',
    maxLength: MAX_DATE_TIME_TEXT,
    description:
      'ISO 8601 with an offset or Z, after starts_at. Absent: starts_at plus the company’s default appointment length ' +
      '(`default_appointment_minutes` of /api/company/settings, 30 unless set)',
    example: '2026-03-08T10:00:00-05:00',
  })
  @IsOmittable()
  @IsOffsetDateTime()
  ends_at?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_ID, description: 'The user of the company it is booked with' })
  @IsOmittable()
  @IsNumericId()
  assigned_to?: number;
}
