import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ValidateBy, type ValidationOptions } from 'class-validator';
import { normalizePhone, PHONE_FORMS } from './phone-number';

/**
 * A phone number field: normalised to E.164 before validation (the service only ever sees
 * E.164), refused with a message naming the accepted forms otherwise.
 */
export const IsPhone = (options?: ValidationOptions) =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => normalizePhone(value) ?? value),
    ValidateBy(
      {
        name: 'isPhone',
        validator: { validate: (value: unknown) => typeof value === 'string' && normalizePhone(value) === value },
      },
      { message: ({ property }) => `${property} must be a valid phone number: ${PHONE_FORMS}`, ...options },
    ),
  );
