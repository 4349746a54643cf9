import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, ValidateBy, type ValidationOptions } from 'class-validator';
import { isLocalDate, isOffsetDateTime } from './local-day';

/** The longest ISO 8601 date-time accepted: `2026-03-08T09:30:00.123456789+05:30`. */
export const MAX_DATE_TIME_TEXT = 35;

/** A string holding an ISO 8601 date-time with its offset or `Z`, on a real calendar day of 2000–2100. */
export const IsOffsetDateTime = (options: ValidationOptions = {}) =>
  applyDecorators(
    IsString(options),
    MaxLength(MAX_DATE_TIME_TEXT, options),
    ValidateBy(
      { name: 'isOffsetDateTime', validator: { validate: isOffsetDateTime } },
      {
        message: ({ property }) =>
          `${property} must be an ISO 8601 date-time with an offset or Z (2026-03-08T09:30:00-05:00), years 2000 to 2100`,
        ...options,
      },
    ),
  );

/** A string holding a calendar date `Y-m-d` of 2000–2100 (no 2026-02-30). */
export const IsLocalDate = (options: ValidationOptions = {}) =>
  applyDecorators(
    IsString(options),
    MaxLength(10, options),
    ValidateBy(
      { name: 'isLocalDate', validator: { validate: isLocalDate } },
      { message: ({ property }) => `${property} must be a date Y-m-d (2026-03-08), years 2000 to 2100`, ...options },
    ),
  );

/**
 * An optional query filter naming a day of the company's time zone (`Y-m-d`), documented with
 * `description`. Applied as the stack `@ApiPropertyOptional @IsOptional @IsLocalDate` would be.
 */
export const OptionalLocalDay = (description: string) =>
  applyDecorators(
    IsLocalDate(),
    IsOptional(),
    ApiPropertyOptional({ format: 'date', maxLength: 10, description, example: '2026-03-08' }),
  );
