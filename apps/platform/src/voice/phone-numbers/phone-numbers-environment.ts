import { IsOptional, MinLength } from 'class-validator';
import { Secret } from '@suite/config';

/** The phone numbers' slice of the platform's environment (decision 0062). */
export class PhoneNumbersEnvironment {
  /**
   * The HMAC key of phone-number purchase tokens (search → purchase), at least 32 characters.
   * The embedded launcher generates one into `.data/`; set it in production, the same on every
   * replica. Unset, each process signs with a random key of its own (a warning says so): tokens
   * then fail after a restart or on another replica.
   */
  @IsOptional()
  @Secret()
  @MinLength(32, { message: 'PLATFORM_PURCHASE_TOKEN_SECRET must be at least 32 characters' })
  PLATFORM_PURCHASE_TOKEN_SECRET?: string;
}
