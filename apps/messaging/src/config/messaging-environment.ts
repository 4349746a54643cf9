import { IsIn, IsInt, Max, Min, registerDecorator, type ValidationOptions } from 'class-validator';
import { BaseEnvironment, Secret } from '@suite/runtime';
import { CARRIER_NAMES } from '../carrier/carrier-registry';
import { MIN_CALLBACK_SECRET_LENGTH } from '../carrier/carrier-settings';
import { DEFAULT_CAPABILITY_TTL_SECONDS } from '../scheduling/scheduling-defaults';

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
        message: `MESSAGING_CARRIER_CALLBACK_SECRET must be at least ${MIN_CALLBACK_SECRET_LENGTH} characters; only the sandbox carrier may run without it`,
        ...options,
      },
      validator: {
        validate: (value: unknown, args) =>
          value === undefined ? (args?.object as MessagingEnvironment).MESSAGING_CARRIER === 'sandbox' : typeof value === 'string' && value.length >= MIN_CALLBACK_SECRET_LENGTH,
      },
    });
}

/** Messaging's environment: the shared variables and the carrier's. */
export class MessagingEnvironment extends BaseEnvironment {
  override PORT = 3001;

  /** Which carrier adapter sends messages (carrier-registry.ts); `sandbox` simulates one (docs/carriers.md). */
  @IsIn(CARRIER_NAMES, { message: `MESSAGING_CARRIER must be one of: ${CARRIER_NAMES.join(', ')}` })
  MESSAGING_CARRIER: string = 'sandbox';

  /**
   * Shared secret of the signed callbacks (`POST /v1/carrier/callbacks/{carrier}`,
   * HMAC-SHA256). Required with a real carrier; the embedded launcher should write one to
   * `.data/` as it does the other local secrets.
   */
  @Secret()
  @IsCallbackSecret()
  MESSAGING_CARRIER_CALLBACK_SECRET?: string;

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

  /** How long a capability lookup is trusted before the carrier is asked again (7 days; 0 = always ask). */
  @IsInt()
  @Min(0)
  @Max(366 * 24 * 60 * 60)
  MESSAGING_CAPABILITY_TTL_SECONDS: number = DEFAULT_CAPABILITY_TTL_SECONDS;
}
