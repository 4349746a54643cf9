import type { ArgumentMetadata } from '@nestjs/common';
import { AppError, createValidationPipe } from '@suite/http';

/**
 * Runs the app's global validation pipe on `value` as `metatype` (a request DTO's spec): the
 * transformed value, or the refusal's fields (a refusal must be the 400).
 */
export async function validateRequest(
  metatype: ArgumentMetadata['metatype'],
  value: unknown,
  type: ArgumentMetadata['type'] = 'body',
) {
  try {
    return { value: await createValidationPipe().transform(value, { type, metatype }), fields: null };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(error.status).toBe(400);
    return { value: null, fields: error.fields };
  }
}
