import { defineEvent } from './define-event';
import { nullable, payload, stringEnum, Type, typedAs, type Static } from './payload-schema';
import { changedBy, companyRecordIds, instant } from './payload-fields';
import { Topics } from './topics';

/**
 * Payloads on `platform.phone_number.v1`: numbers a company bought from the voice provider.
 * Messaging keeps its sender pool from them: a purchased number with SMS joins it, a released one
 * leaves it. Subject: the phone number id.
 */
export const phoneNumberSchema = payload({
  ...companyRecordIds,
  phone_number: Type.String({ pattern: '^\\+[1-9][0-9]{6,14}$', description: 'E.164' }),
  /** What the number can do, as the provider says: `Voice`, `SMS`, `MMS`. */
  capabilities: typedAs<string[]>(Type.Array(stringEnum(['Voice', 'SMS', 'MMS']))),
  purchased_at: instant,
  released_at: nullable(instant),
  ...changedBy(),
});
export type PhoneNumberData = Static<typeof phoneNumberSchema>;

export const PLATFORM_PHONE_NUMBER_EVENTS = [
  defineEvent(
    'phone_number.purchased',
    Topics.platformPhoneNumber,
    phoneNumberSchema,
    "A company bought a number from the voice provider (messaging adds an SMS number to the company's sender pool).",
  ),
  defineEvent(
    'phone_number.released',
    Topics.platformPhoneNumber,
    phoneNumberSchema,
    'A company released a number (messaging removes it from the sender pool).',
  ),
] as const;
