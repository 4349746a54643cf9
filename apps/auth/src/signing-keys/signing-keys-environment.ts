import { IsOptional, MinLength } from 'class-validator';
import { Secret } from '@suite/config';

/** The signing keys' slice of auth's environment (decision 0062). */
export class SigningKeysEnvironment {
  /**
   * Encrypts signing private keys at rest (AES-256-GCM, key derived by HKDF). When unset the
   * keys are stored unencrypted and a warning is logged at start.
   */
  @IsOptional()
  @Secret()
  @MinLength(32, { message: 'AUTH_KEY_ENCRYPTION_SECRET must be at least 32 characters' })
  AUTH_KEY_ENCRYPTION_SECRET?: string;
}
