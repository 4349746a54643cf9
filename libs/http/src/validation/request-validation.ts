import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { AppError } from '../errors/app-error';

/**
 * Rules about what a value is (its type, or one of a list), before rules about its size or
 * content: a `title` sent as a number is told "title must be a string", not that it must be
 * shorter than 255 characters.
 */
const SHAPE_RULES = ['isString', 'isInt', 'isNumber', 'isBoolean', 'isArray', 'isObject', 'isDate', 'isEnum', 'isIn'];

/**
 * The one sentence for a field that failed (the API's rule: one sentence per failing field). A
 * field left out that must be there is "<field> is required" — not every rule a missing value
 * breaks ("must be shorter than or equal to 255 characters; must not be blank; must be a
 * string"). Otherwise the first failed rule about the value's shape, else the first failed rule;
 * rules that share one message (`IsIntInRange`'s three) give it once, since only one is kept.
 */
export function fieldProblem(error: ValidationError): string | undefined {
  const constraints = error.constraints ?? {};
  const names = Object.keys(constraints);
  if (names.length === 0) return undefined;
  // Only a field with no @IsOptional/@IsOmittable fails while undefined; an unknown field has a value.
  const missing = error.value === undefined && typeof error.property === 'string' && error.property !== '';
  if (missing && !names.includes('whitelistValidation')) return `${error.property} is required`;
  const shape = SHAPE_RULES.find((name) => names.includes(name));
  return constraints[shape ?? names[0]!];
}

/** Flattens class-validator errors into `{ "field.path": ["one sentence"] }`. */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const problem = fieldProblem(error);
    if (problem !== undefined) fields[path] = [problem];
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
    // The value in each error tells a field left out from one sent wrong (fieldProblem).
    validationError: { target: false, value: true },
    exceptionFactory: (errors) => {
      const fields = flattenValidationErrors(errors);
      return new AppError('invalid', summarizeFields(fields), fields);
    },
  });
}
