import { EnvironmentError } from '@suite/runtime';
import { CARRIER_NAMES, isCarrierName, type CarrierName } from './carrier-registry';

/**
 * Used only by the sandbox when MESSAGING_CARRIER_CALLBACK_SECRET is unset: the sandbox signs
 * and verifies its own callbacks, so nothing outside learns anything from it — but anyone
 * reading this file can forge a sandbox callback, so a deployment reachable by others sets a
 * real secret even in sandbox mode.
 */
export const SANDBOX_DEFAULT_CALLBACK_SECRET = 'sandbox-callback-secret-do-not-use-with-a-real-carrier';

export const MIN_CALLBACK_SECRET_LENGTH = 32;

/** The environment variables the carrier module reads (structurally; MessagingEnvironment has them). */
export interface CarrierEnvironment {
  readonly MESSAGING_CARRIER: string;
  readonly MESSAGING_CARRIER_CALLBACK_SECRET?: string;
  readonly MESSAGING_SANDBOX_SEND_DELAY_MS: number;
  readonly MESSAGING_SANDBOX_DELIVERY_DELAY_MS: number;
  readonly MESSAGING_CAPABILITY_TTL_SECONDS: number;
}

export interface CarrierSettings {
  readonly carrier: CarrierName;
  readonly callbackSecret: string;
  readonly sandbox: { readonly sendDelayMs: number; readonly deliveryDelayMs: number };
  readonly capabilityTtlSeconds: number;
}

/**
 * Settings from the environment. MessagingEnvironment already validates the same rules; this
 * repeats them for environments built by hand (tests, tools), failing start-up the same way.
 */
export function carrierSettingsFromEnvironment(env: CarrierEnvironment): CarrierSettings {
  const carrier = env.MESSAGING_CARRIER;
  if (!isCarrierName(carrier))
    throw new EnvironmentError('MESSAGING_CARRIER', `unknown carrier "${carrier}"; known: ${CARRIER_NAMES.join(', ')}`);
  const secret = env.MESSAGING_CARRIER_CALLBACK_SECRET;
  if (secret === undefined ? carrier !== 'sandbox' : secret.length < MIN_CALLBACK_SECRET_LENGTH) {
    throw new EnvironmentError(
      'MESSAGING_CARRIER_CALLBACK_SECRET',
      `must be at least ${MIN_CALLBACK_SECRET_LENGTH} characters; only the sandbox carrier may run without it`,
    );
  }
  return {
    carrier,
    callbackSecret: secret ?? SANDBOX_DEFAULT_CALLBACK_SECRET,
    sandbox: { sendDelayMs: env.MESSAGING_SANDBOX_SEND_DELAY_MS, deliveryDelayMs: env.MESSAGING_SANDBOX_DELIVERY_DELAY_MS },
    capabilityTtlSeconds: env.MESSAGING_CAPABILITY_TTL_SECONDS,
  };
}
