import { IsOptional, IsUrl } from 'class-validator';
import type { BaseEnvironment } from '@suite/config';

/** Login-as's slice of the platform's environment: where auth's token endpoint is (decision 0062). */
export class LoginAsEnvironment {
  /**
   * Where the platform reaches auth's token endpoint for login-as (RFC 8693 exchange, HTTP —
   * never Kafka): auth's internal address, a Kubernetes Service say. Unset means AUTH_ISSUER.
   * The call is authenticated with INTERNAL_API_TOKEN; without it login-as answers 503.
   */
  @IsOptional()
  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['http', 'https'] },
    { message: 'AUTH_INTERNAL_URL must be an http(s) URL' },
  )
  AUTH_INTERNAL_URL?: string;
}

/** Auth's base URL for service-to-service calls, without a trailing slash. */
export const authInternalUrlOf = (
  env: Pick<LoginAsEnvironment, 'AUTH_INTERNAL_URL'> & Pick<BaseEnvironment, 'AUTH_ISSUER'>,
): string => (env.AUTH_INTERNAL_URL ?? env.AUTH_ISSUER).replace(/\/+$/, '');
