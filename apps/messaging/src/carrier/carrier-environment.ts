import { IsIn, IsInt, IsOptional, Matches, Max, Min, registerDecorator, type ValidationOptions } from 'class-validator';
import { Secret } from '@suite/config';
import { CARRIER_NAMES, usesProvider } from './carrier-registry';
import {
  HTTP_URL_PATTERN,
  MIN_CALLBACK_SECRET_LENGTH,
  MIN_CALLBACK_TOKEN_LENGTH,
  PROVIDER_SECRET_PATTERN,
  TWILIO_ACCOUNT_SID_PATTERN,
  TWILIO_AUTH_TOKEN_PATTERN,
} from './carrier-settings';

/**
 * The callback secret: at least 32 characters when set; may be left unset only with the
 * sandbox carrier (which then uses a built-in secret, see carrier-settings.ts).
 */
function IsCallbackSecret(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isCallbackSecret',
      target: target.constructor,
      propertyName: propertyName as string,
      options: {
        message: `MESSAGING_CARRIER_CALLBACK_SECRET must be at least ${MIN_CALLBACK_SECRET_LENGTH} characters`,
        ...options,
      },
      validator: {
        validate: (value: unknown) =>
          value === undefined || (typeof value === 'string' && value.length >= MIN_CALLBACK_SECRET_LENGTH),
      },
    });
}

/**
 * A variable of a provider: required (and matching `pattern`) when MESSAGING_CARRIER uses that
 * provider (`real`: any carrier but the sandbox), optional otherwise — but malformed never.
 */
function ProviderVariable(needed: 'twilio' | 'sendblue' | 'real', pattern: RegExp, what: string): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'providerVariable',
      target: target.constructor,
      propertyName: propertyName as string,
      options: {
        message: (args) => {
          const carrier = (args.object as CarrierEnvironment).MESSAGING_CARRIER;
          return `${args.property} ${args.value === undefined ? `is required with MESSAGING_CARRIER=${carrier}` : `must be ${what}`}`;
        },
      },
      validator: {
        validate: (value: unknown, args) => {
          if (value === undefined) {
            const carrier = (args?.object as CarrierEnvironment).MESSAGING_CARRIER;
            return needed === 'real' ? carrier === 'sandbox' : !usesProvider(carrier, needed);
          }
          return typeof value === 'string' && pattern.test(value);
        },
      },
    });
}

/**
 * The carrier's slice of messaging's environment (decision 0062): which adapter sends, the
 * providers' credentials and addresses, and the sandbox's delays. Composed into the app's
 * environment by messaging-environment.ts; CarrierModule is built from it.
 */
export class CarrierEnvironment {
  /** Which carrier adapter sends messages (carrier-registry.ts); `sandbox` simulates one (docs/carriers.md). */
  @IsIn(CARRIER_NAMES, { message: `MESSAGING_CARRIER must be one of: ${CARRIER_NAMES.join(', ')}` })
  MESSAGING_CARRIER: string = 'sandbox';

  /**
   * Shared secret of the service's own signed callbacks (`POST /v1/carrier/callbacks/sandbox`,
   * HMAC-SHA256): the sandbox's. Unset, the sandbox uses a built-in one; `npm start` writes one to
   * `.data/`. Twilio and Sendblue verify their own schemes (docs/carriers.md).
   */
  @Secret()
  @IsCallbackSecret()
  MESSAGING_CARRIER_CALLBACK_SECRET?: string;

  /**
   * The public base URL at which the providers reach this service (https://messaging.example.com):
   * callback URLs are built from it, and Twilio signs the full URL. Required with a real carrier.
   */
  @ProviderVariable('real', HTTP_URL_PATTERN, 'an http(s) URL')
  MESSAGING_PUBLIC_URL?: string;

  /** Twilio: the account SID (AC…), the user of HTTP Basic. */
  @ProviderVariable('twilio', TWILIO_ACCOUNT_SID_PATTERN, '"AC" followed by 32 hex digits')
  TWILIO_ACCOUNT_SID?: string;

  /** Twilio: the auth token — the password of HTTP Basic and the key of X-Twilio-Signature. */
  @Secret()
  @ProviderVariable('twilio', TWILIO_AUTH_TOKEN_PATTERN, 'at least 16 characters')
  TWILIO_AUTH_TOKEN?: string;

  /** Twilio's REST API (Messages); a local mock in tests. */
  @IsOptional()
  @Matches(HTTP_URL_PATTERN, { message: 'TWILIO_API_URL must be an http(s) URL' })
  TWILIO_API_URL: string = 'https://api.twilio.com';

  /** Twilio's Lookup v2 API (line type intelligence). */
  @IsOptional()
  @Matches(HTTP_URL_PATTERN, { message: 'TWILIO_LOOKUP_URL must be an http(s) URL' })
  TWILIO_LOOKUP_URL: string = 'https://lookups.twilio.com';

  /** Sendblue: the API key id (header sb-api-key-id). */
  @ProviderVariable('sendblue', PROVIDER_SECRET_PATTERN, 'at least 8 characters')
  SENDBLUE_API_KEY_ID?: string;

  /** Sendblue: the API secret (header sb-api-secret-key). */
  @Secret()
  @ProviderVariable('sendblue', PROVIDER_SECRET_PATTERN, 'at least 8 characters')
  SENDBLUE_API_SECRET?: string;

  /** Sendblue: the webhook signing secret it sends back in the sb-signing-secret header of each callback. */
  @Secret()
  @ProviderVariable('sendblue', PROVIDER_SECRET_PATTERN, 'at least 8 characters')
  SENDBLUE_SIGNING_SECRET?: string;

  /** Sendblue's API; a local fake in tests. */
  @IsOptional()
  @Matches(HTTP_URL_PATTERN, { message: 'SENDBLUE_API_URL must be an http(s) URL' })
  SENDBLUE_API_URL: string = 'https://api.sendblue.co';

  /**
   * The unguessable per-installation token in Sendblue's callback URLs
   * (`/v1/carrier/callbacks/sendblue?token=…`): Sendblue signs nothing, so the URL is a second
   * secret beside sb-signing-secret. `npm start` generates one into `.data/`.
   */
  @Secret()
  @ProviderVariable(
    'sendblue',
    new RegExp(`^[A-Za-z0-9_-]{${MIN_CALLBACK_TOKEN_LENGTH},}$`),
    `at least ${MIN_CALLBACK_TOKEN_LENGTH} URL-safe characters (letters, digits, "-", "_")`,
  )
  SENDBLUE_CALLBACK_TOKEN?: string;

  /** Sandbox: latency of a hand-off to the carrier. */
  @IsInt()
  @Min(0)
  @Max(60_000)
  MESSAGING_SANDBOX_SEND_DELAY_MS: number = 0;

  /** Sandbox: from acceptance (`sent`) to the delivery receipt (`delivered` / `failed`). */
  @IsInt()
  @Min(0)
  @Max(86_400_000)
  MESSAGING_SANDBOX_DELIVERY_DELAY_MS: number = 2000;
}
