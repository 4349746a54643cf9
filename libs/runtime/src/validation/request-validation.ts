import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { AppError } from '../errors/app-error';

/** Flattens class-validator errors into `{ "field.path": ["message", ...] }`. */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) fields[path] = Object.values(error.constraints);
    Object.assign(fields, flattenValidationErrors(error.children ?? [], path));
  }
  return fields;
}

/** A sentence naming what to fix, for APIs whose error body is a single string. */
export function summarizeFields(fields: Record<string, string[]>): string {
  const parts = Object.values(fields).flat();
  return parts.length > 0 ? parts.join('; ') : 'The request is invalid.';
}

/**
 * The one validation pipe every app installs: converts payloads to DTO classes, strips nothing
 * silently (unknown fields are refused, so mass assignment cannot happen), and reports every
 * problem as an `invalid` AppError that the app's filter renders in its own error shape.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    stopAtFirstError: false,
    exceptionFactory: (errors) => {
      const fields = flattenValidationErrors(errors);
      return new AppError('invalid', summarizeFields(fields), fields);
    },
  });
}
