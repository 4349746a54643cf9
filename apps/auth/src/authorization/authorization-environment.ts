import { IsOptional, MinLength } from 'class-validator';
import { Secret } from '@suite/config';

/** The login pages' slice of auth's environment (decision 0062). */
export class AuthorizationEnvironment {
  /**
   * HMAC key of the login session cookie and its CSRF tokens. When unset a random one is drawn
   * per process: sessions then end with the process and do not span replicas.
   */
  @IsOptional()
  @Secret()
  @MinLength(32, { message: 'AUTH_SESSION_SECRET must be at least 32 characters' })
  AUTH_SESSION_SECRET?: string;
}
