import { EnvironmentError } from '@suite/config';
import { CARRIER_NAMES, isCarrierName, usesProvider, type CarrierName } from './carrier-registry';

/**
 * Used only by the sandbox when MESSAGING_CARRIER_CALLBACK_SECRET is unset: the sandbox signs
 * and verifies its own callbacks, so nothing outside learns anything from it — but anyone
 * reading this file can forge a sandbox callback, so a deployment reachable by others sets a
 * real secret even in sandbox mode.
 */
export const SANDBOX_DEFAULT_CALLBACK_SECRET = 'sandbox-callback-secret-do-not-use-with-a-real-carrier';

export const MIN_CALLBACK_SECRET_LENGTH = 32;
/** Sendblue's per-installation callback token (an unguessable part of its callback URL). */
export const MIN_CALLBACK_TOKEN_LENGTH = 32;

export const DEFAULT_TWILIO_API_URL = 'https://api.twilio.com';
export const DEFAULT_TWILIO_LOOKUP_URL = 'https://lookups.twilio.com';
export const DEFAULT_SENDBLUE_API_URL = 'https://api.sendblue.co';

/**
 * The variables the carrier's settings are read from (structurally): its own slice
 * (CarrierEnvironment, carrier-environment.ts) and, given by the app, the capability TTL and the
 * bound of one carrier call.
 */
export interface CarrierSettingsSource {
  readonly MESSAGING_CARRIER: string;
  readonly MESSAGING_CARRIER_CALLBACK_SECRET?: string;
  readonly MESSAGING_SANDBOX_SEND_DELAY_MS: number;
  readonly MESSAGING_SANDBOX_DELIVERY_DELAY_MS: number;
  readonly MESSAGING_CAPABILITY_TTL_SECONDS: number;
  readonly MESSAGING_PUBLIC_URL?: string;
  readonly TWILIO_ACCOUNT_SID?: string;
  readonly TWILIO_AUTH_TOKEN?: string;
  readonly TWILIO_API_URL?: string;
  readonly TWILIO_LOOKUP_URL?: string;
  readonly SENDBLUE_API_KEY_ID?: string;
  readonly SENDBLUE_API_SECRET?: string;
  readonly SENDBLUE_SIGNING_SECRET?: string;
  readonly SENDBLUE_API_URL?: string;
  readonly SENDBLUE_CALLBACK_TOKEN?: string;
  /** Bound of one provider request (MESSAGING_SCHEDULER_SEND_TIMEOUT_MS); the adapters' own timeout. */
  readonly MESSAGING_SCHEDULER_SEND_TIMEOUT_MS?: number;
}

export interface TwilioSettings {
  readonly accountSid: string;
  readonly authToken: string;
  readonly apiUrl: string;
  readonly lookupUrl: string;
}

export interface SendblueSettings {
  readonly apiKeyId: string;
  readonly apiSecret: string;
  readonly signingSecret: string;
  readonly apiUrl: string;
  readonly callbackToken: string;
}

export interface CarrierSettings {
  readonly carrier: CarrierName;
  readonly callbackSecret: string;
  readonly sandbox: { readonly sendDelayMs: number; readonly deliveryDelayMs: number };
  readonly capabilityTtlSeconds: number;
  /** MESSAGING_PUBLIC_URL without a trailing slash; null in sandbox mode when unset. */
  readonly publicUrl: string | null;
  readonly twilio: TwilioSettings | null;
  readonly sendblue: SendblueSettings | null;
  /** Bound of one provider HTTP request. */
  readonly requestTimeoutMs: number;
}

export const TWILIO_ACCOUNT_SID_PATTERN = /^AC[0-9a-fA-F]{32}$/;
/** Twilio's auth tokens are 32 hex digits; anything shorter than 16 visible characters is a mistake. */
export const TWILIO_AUTH_TOKEN_PATTERN = /^\S{16,}$/;
export const PROVIDER_SECRET_PATTERN = /^\S{8,}$/;
export const HTTP_URL_PATTERN = /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/;

/**
 * Settings from the environment. CarrierEnvironment already validates the same rules; this
 * repeats them for environments built by hand (tests, tools), failing start-up the same way:
 * a missing or malformed variable of the chosen carrier stops start-up naming it.
 */
export function carrierSettingsFromEnvironment(env: CarrierSettingsSource): CarrierSettings {
  const carrier = env.MESSAGING_CARRIER;
  if (!isCarrierName(carrier))
    throw new EnvironmentError('MESSAGING_CARRIER', `unknown carrier "${carrier}"; known: ${CARRIER_NAMES.join(', ')}`);
  const secret = env.MESSAGING_CARRIER_CALLBACK_SECRET;
  if (secret !== undefined && secret.length < MIN_CALLBACK_SECRET_LENGTH) {
    throw new EnvironmentError(
      'MESSAGING_CARRIER_CALLBACK_SECRET',
      `must be at least ${MIN_CALLBACK_SECRET_LENGTH} characters; only the sandbox carrier may run without it`,
    );
  }
  const real = carrier !== 'sandbox';
  const publicUrl = real ? required(env, 'MESSAGING_PUBLIC_URL', HTTP_URL_PATTERN, 'an http(s) URL') : env.MESSAGING_PUBLIC_URL;
  return {
    carrier,
    callbackSecret: secret ?? SANDBOX_DEFAULT_CALLBACK_SECRET,
    sandbox: { sendDelayMs: env.MESSAGING_SANDBOX_SEND_DELAY_MS, deliveryDelayMs: env.MESSAGING_SANDBOX_DELIVERY_DELAY_MS },
    capabilityTtlSeconds: env.MESSAGING_CAPABILITY_TTL_SECONDS,
    publicUrl: publicUrl ? publicUrl.replace(/\/+$/, '') : null,
    twilio: usesProvider(carrier, 'twilio')
      ? {
          accountSid: required(env, 'TWILIO_ACCOUNT_SID', TWILIO_ACCOUNT_SID_PATTERN, '"AC" and 32 hex digits'),
          authToken: required(env, 'TWILIO_AUTH_TOKEN', TWILIO_AUTH_TOKEN_PATTERN, 'at least 16 characters'),
          apiUrl: optionalUrl(env, 'TWILIO_API_URL', DEFAULT_TWILIO_API_URL),
          lookupUrl: optionalUrl(env, 'TWILIO_LOOKUP_URL', DEFAULT_TWILIO_LOOKUP_URL),
        }
      : null,
    sendblue: usesProvider(carrier, 'sendblue')
      ? {
          apiKeyId: required(env, 'SENDBLUE_API_KEY_ID', PROVIDER_SECRET_PATTERN, 'at least 8 characters'),
          apiSecret: required(env, 'SENDBLUE_API_SECRET', PROVIDER_SECRET_PATTERN, 'at least 8 characters'),
          signingSecret: required(env, 'SENDBLUE_SIGNING_SECRET', PROVIDER_SECRET_PATTERN, 'at least 8 characters'),
          apiUrl: optionalUrl(env, 'SENDBLUE_API_URL', DEFAULT_SENDBLUE_API_URL),
          callbackToken: required(
            env,
            'SENDBLUE_CALLBACK_TOKEN',
            new RegExp(`^[A-Za-z0-9_-]{${MIN_CALLBACK_TOKEN_LENGTH},}$`),
            `at least ${MIN_CALLBACK_TOKEN_LENGTH} URL-safe characters (letters, digits, "-", "_")`,
          ),
        }
      : null,
    // Below the scheduler's own bound of a carrier call, so the adapter gives up (and closes the connection) first.
    requestTimeoutMs: Math.floor((env.MESSAGING_SCHEDULER_SEND_TIMEOUT_MS ?? 15_000) * 0.9),
  };
}

type ProviderVariable = Exclude<
  keyof CarrierSettingsSource,
  | 'MESSAGING_CARRIER'
  | 'MESSAGING_SANDBOX_SEND_DELAY_MS'
  | 'MESSAGING_SANDBOX_DELIVERY_DELAY_MS'
  | 'MESSAGING_CAPABILITY_TTL_SECONDS'
>;

function required(env: CarrierSettingsSource, variable: ProviderVariable, pattern: RegExp, what: string): string {
  const value = env[variable];
  if (typeof value !== 'string' || value === '')
    throw new EnvironmentError(variable, `is required with MESSAGING_CARRIER=${env.MESSAGING_CARRIER}`);
  if (!pattern.test(value)) throw new EnvironmentError(variable, `must be ${what}`);
  return value;
}

function optionalUrl(env: CarrierSettingsSource, variable: ProviderVariable, fallback: string): string {
  const value = env[variable];
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string' || !HTTP_URL_PATTERN.test(value)) throw new EnvironmentError(variable, 'must be an http(s) URL');
  return value.replace(/\/+$/, '');
}
