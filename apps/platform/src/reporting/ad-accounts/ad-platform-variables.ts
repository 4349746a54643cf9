import { isURL, registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';
import type { AdProvider } from './ad-platform-registry';
import { MIN_SECRETS_KEY_LENGTH } from '../../shared/secrets/secret-box';

/**
 * The rules of the ad-platform variables (docs/ad-accounts.md "Going live"), used by
 * the ad accounts' slice of the environment (ad-accounts-environment.ts). With PLATFORM_AD_PLATFORM=live each provider is
 * configured whole or not at all, and at least one is: a provider's variable set without its
 * partners stops start-up naming the missing one.
 */
export const AD_PROVIDER_VARIABLES: Readonly<Record<AdProvider, readonly string[]>> = {
  facebook: ['META_APP_ID', 'META_APP_SECRET'],
  google: ['GOOGLE_ADS_CLIENT_ID', 'GOOGLE_ADS_CLIENT_SECRET', 'GOOGLE_ADS_DEVELOPER_TOKEN'],
};

type Variables = Readonly<Record<string, unknown>>;

const isLive = (env: Variables): boolean => env.PLATFORM_AD_PLATFORM === 'live';
const allSet = (env: Variables, names: readonly string[]): boolean => names.every((name) => env[name] !== undefined);

/** The providers a live ad platform holds credentials for (all of a provider's variables set). */
export function configuredAdProviders(env: object): AdProvider[] {
  const variables = env as Variables;
  return (Object.keys(AD_PROVIDER_VARIABLES) as AdProvider[]).filter((provider) =>
    allSet(variables, AD_PROVIDER_VARIABLES[provider]),
  );
}

const EITHER_PROVIDER =
  'set META_APP_ID and META_APP_SECRET, or GOOGLE_ADS_CLIENT_ID, GOOGLE_ADS_CLIENT_SECRET and GOOGLE_ADS_DEVELOPER_TOKEN, or both';

function variableRule(
  name: string,
  validate: (value: unknown, env: Variables) => boolean,
  message: (args: ValidationArguments) => string,
  options?: ValidationOptions,
): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message, ...options },
      validator: { validate: (value: unknown, args) => validate(value, args?.object as Variables) },
    });
}

/**
 * One credential of a provider: written as `pattern` when set; with the live ad platform, required
 * when a partner variable of its provider is set, or when no provider is configured at all.
 */
export function AdProviderCredential(provider: AdProvider, pattern: RegExp, shape: string): PropertyDecorator {
  return (target, propertyName) => {
    const name = String(propertyName);
    const others = (Object.keys(AD_PROVIDER_VARIABLES) as AdProvider[]).filter((candidate) => candidate !== provider);
    variableRule(
      'adProviderCredential',
      (value, env) => {
        if (value !== undefined) return typeof value === 'string' && pattern.test(value);
        if (!isLive(env)) return true;
        const partnersSet = AD_PROVIDER_VARIABLES[provider].some((partner) => env[partner] !== undefined);
        return !partnersSet && others.some((other) => allSet(env, AD_PROVIDER_VARIABLES[other]));
      },
      (args) =>
        args.value === undefined
          ? `${name} is required with PLATFORM_AD_PLATFORM=live: ${EITHER_PROVIDER}`
          : `${name} must be ${shape}`,
    )(target, propertyName);
  };
}

/** A variable the live ad platform cannot run without (PLATFORM_SECRETS_KEY, PLATFORM_PUBLIC_URL), checked when set. */
export function RequiredWithLiveAds(check: (value: string) => boolean, shape: string): PropertyDecorator {
  return (target, propertyName) =>
    variableRule(
      'requiredWithLiveAds',
      (value, env) => (value === undefined ? !isLive(env) : typeof value === 'string' && check(value)),
      (args) =>
        args.value === undefined
          ? `${String(propertyName)} is required with PLATFORM_AD_PLATFORM=live`
          : `${String(propertyName)} must be ${shape}`,
    )(target, propertyName);
}

export const isSecretsKey = (value: string): boolean => value.length >= MIN_SECRETS_KEY_LENGTH;

/** PLATFORM_SECRETS_PREVIOUS_KEYS: comma-separated keys, each a valid secrets key. */
export const secretsKeyList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key.length > 0);

/** An http(s) URL without query or fragment: paths are appended to it. */
export const isBaseUrl = (value: string): boolean =>
  isURL(value, { require_tld: false, require_protocol: true, protocols: ['http', 'https'] }) && !/[?#]/.test(value);

/** A base URL variable that has a default (the provider's public address). */
export function IsBaseUrl(): PropertyDecorator {
  return (target, propertyName) =>
    variableRule(
      'isBaseUrl',
      (value) => typeof value === 'string' && isBaseUrl(value),
      () => `${String(propertyName)} must be an http(s) URL without query or fragment`,
    )(target, propertyName);
}

/** `PLATFORM_SECRETS_PREVIOUS_KEYS`: when set, comma-separated keys of at least 32 characters each. */
export function IsPreviousSecretsKeys(): PropertyDecorator {
  return (target, propertyName) =>
    variableRule(
      'isPreviousSecretsKeys',
      (value) => value === undefined || (typeof value === 'string' && secretsKeyList(value).every(isSecretsKey)),
      () => `${String(propertyName)} must be comma-separated keys of at least ${MIN_SECRETS_KEY_LENGTH} characters each`,
    )(target, propertyName);
}
