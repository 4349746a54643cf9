import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { IsNotBlank, IsNumericId, IsOmittable, MAX_ID } from '@suite/runtime';
import { IsPlatformIdValue } from '../../ids/platform-id-value';
import { IsOffsetDateTime, MAX_DATE_TIME_TEXT } from '../../shared/date.validators';

export class CreateAppointmentRequest {
  @IsPlatformIdValue({ description: 'The contact it is booked with: numeric id, base64 (NDI=) or an encrypted id' })
  contact_id!: number | string;

  @ApiProperty({ maxLength: 255, example: 'Discovery call' })
  @IsString()
  @IsNotBlank()
  @MaxLength(255)
  title!: string;

  @ApiProperty({
    format: 'date-time',
    maxLength: MAX_DATE_TIME_TEXT,
    description: 'ISO 8601 with an offset or Z, years 2000–2100',
    example: '2026-03-08T09:30:00-05:00',
  })
  @IsOffsetDateTime()
  starts_at!: string;

  @ApiProperty({
    format: 'date-time',
    maxLength: MAX_DATE_TIME_TEXT,
    description: 'ISO 8601 with an offset or Z, after starts_at',
    example: '2026-03-08T10:00:00-05:00',
  })
  @IsOffsetDateTime()
  ends_at!: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_ID, description: 'The user of the company it is booked with' })
  @IsOmittable()
  @IsNumericId()
  assigned_to?: number;
}
