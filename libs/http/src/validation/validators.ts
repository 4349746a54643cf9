import { applyDecorators } from '@nestjs/common';
import { IsInt, Max, Min, ValidateBy, ValidateIf, type ValidationOptions } from 'class-validator';

/**
 * Composite rules the DTOs of every app share (CONVENTIONS.md: "composite decorators for
 * repeated rules"). Each closes a hole a hostile client found.
 */

/** The largest id any API takes: every integer id fits a JavaScript number exactly and a PostgreSQL bigint. */
export const MAX_ID = Number.MAX_SAFE_INTEGER;

/** The last page any list serves; past it every list is empty anyway, and `(page - 1) × per_page` stays exact. */
export const MAX_PAGE = 1_000_000;

/**
 * An integer in [min, max]. Every integer input has a range: `role_id: 1e26` passes `@IsInt()`
 * (it is an integer) and becomes "1e+26" on its way to PostgreSQL: a 500 (decision 0022).
 */
export const IsIntInRange = (min: number, max: number, options: ValidationOptions = {}) => {
  const message =
    options.message ?? (({ property }: { property: string }) => `${property} must be an integer from ${min} to ${max}`);
  return applyDecorators(IsInt({ ...options, message }), Min(min, { ...options, message }), Max(max, { ...options, message }));
};

/** A numeric id: a positive integer no larger than MAX_ID. */
export const IsNumericId = (options: ValidationOptions = {}) =>
  IsIntInRange(1, MAX_ID, {
    message: ({ property }) => `${property} must be an id (a whole number from 1 to ${MAX_ID})`,
    ...options,
  });

/** A page number of a paginated list. */
export const IsPageNumber = () => IsIntInRange(1, MAX_PAGE);

/**
 * May be left out; when present — null included — it is validated. `@IsOptional()` also waves
 * null through, which is right only where the API gives null a meaning (`phone_number: null`
 * clears it); elsewhere null reaches code that expects a value (`"password": null`: a 500).
 */
export const IsOmittable = () => ValidateIf((_object: object, value: unknown) => value !== undefined);

/** A string with at least one character that is not white space: a required name is not "   ". */
export const IsNotBlank = (options: ValidationOptions = {}) =>
  ValidateBy(
    {
      name: 'isNotBlank',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && value.trim().length > 0,
        defaultMessage: (args) => `${args?.property ?? 'value'} must not be blank`,
      },
    },
    options,
  );
