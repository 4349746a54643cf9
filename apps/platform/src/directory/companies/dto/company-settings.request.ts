import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength, ValidateBy, type ValidationOptions } from 'class-validator';
import { IsIntInRange, IsOmittable } from '@suite/http';
import { APPOINTMENT_MINUTES_RANGE, DEFAULT_APPOINTMENT_MINUTES, WEEK_STARTS, type WeekStart } from '../company.entity';

export const MAX_TIMEZONE_LENGTH = 64;

const KNOWN_ZONES = new Set<string>([...Intl.supportedValuesOf('timeZone'), 'UTC']);

/**
 * An IANA time zone name: one of the runtime's canonical zones, 'UTC', or any other name (an alias
 * such as `America/Argentina/Buenos_Aires`) the runtime's Intl accepts as a time zone.
 */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_TIMEZONE_LENGTH) return false;
  if (KNOWN_ZONES.has(value)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const IsTimeZone = (options?: ValidationOptions) =>
  ValidateBy(
    { name: 'isTimeZone', validator: { validate: isTimeZone } },
    { message: 'timezone must be a valid IANA time zone name (America/New_York, Europe/London, UTC, …)', ...options },
  );

/** PUT /api/company/settings: the fields sent are replaced; at least one of them (SETTINGS_FIELDS). */
export class UpdateCompanySettingsRequest {
  @ApiPropertyOptional({
    maxLength: MAX_TIMEZONE_LENGTH,
    description: 'IANA time zone the dashboard and reports count days in',
    example: 'America/Chicago',
  })
  @IsOmittable()
  @IsString()
  @MaxLength(MAX_TIMEZONE_LENGTH)
  @IsTimeZone()
  timezone?: string;

  @ApiPropertyOptional({ enum: WEEK_STARTS, description: 'First day of the company’s week', example: 'sunday' })
  @IsOmittable()
  @IsIn(WEEK_STARTS, { message: `week_start must be one of: ${WEEK_STARTS.join(', ')}` })
  week_start?: WeekStart;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: APPOINTMENT_MINUTES_RANGE.min,
    maximum: APPOINTMENT_MINUTES_RANGE.max,
    description: `How long an appointment booked without ends_at lasts, in minutes (${DEFAULT_APPOINTMENT_MINUTES} for a new company)`,
    example: 45,
  })
  @IsOmittable()
  @IsIntInRange(APPOINTMENT_MINUTES_RANGE.min, APPOINTMENT_MINUTES_RANGE.max)
  default_appointment_minutes?: number;
}

/** The fields of the body; PUT needs at least one. */
export const SETTINGS_FIELDS = ['timezone', 'week_start', 'default_appointment_minutes'] as const;
