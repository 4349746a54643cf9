import { Param, type PipeTransform } from '@nestjs/common';
import { AppError, normalizePhone, PHONE_FORMS } from '@suite/http';

/** A `{phone}` path segment in either accepted form (a URL-encoded `+` arrives decoded), as E.164; 400 otherwise. */
class PhonePathPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    const phone = normalizePhone(value);
    if (!phone) throw new AppError('invalid', `phone must be a valid phone number: ${PHONE_FORMS}.`);
    return phone;
  }
}

export const PhoneParam = (name = 'phone') => Param(name, new PhonePathPipe());
