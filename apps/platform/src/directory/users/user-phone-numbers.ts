import type { CompanyOwned } from '@suite/database';

/**
 * The entity of the numbers a user's `ext_phone` names: voice's PhoneNumberEntity. The directory
 * sits below voice (decision 0059), so it does not import it: voice provides it under this token
 * (UserPhoneNumbersModule) and UsersService checks the ids against whatever entity it is given.
 */
export const USER_PHONE_NUMBERS = Symbol('USER_PHONE_NUMBERS');

/** What the check needs of that entity: a company's row with an id, released or not. */
export type UserPhoneNumberEntity = new () => CompanyOwned & { id: string; releasedAt: Date | null };
