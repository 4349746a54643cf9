import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength, ValidateBy, type ValidationOptions } from 'class-validator';
import { IsOmittable } from '@suite/runtime';
import { WEEK_STARTS, type WeekStart } from '../company.entity';

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

/** PUT /api/company/settings: the fields sent are replaced; at least one of them. */
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
}
