import type { Provider } from '@nestjs/common';
import { AdAccountsEnvironment } from './ad-accounts-environment';
import { secretsKeyList } from './ad-platform-variables';
import { SecretBox } from '../../shared/secrets/secret-box';

/**
 * Used only by the sandbox ad platform when PLATFORM_SECRETS_KEY is unset: the sandbox's tokens
 * open nothing anywhere, but anyone reading this file can open what it sealed, so a deployment
 * reachable by others sets a real key even in sandbox mode (`npm start` writes one to `.data/`).
 */
export const SANDBOX_DEFAULT_SECRETS_KEY = 'sandbox-platform-secrets-key-do-not-use-with-real-tokens';

/** The box of PLATFORM_SECRETS_KEY (and its previous keys); the built-in key only with the sandbox ad platform. */
export function secretBoxOf(
  env: Pick<AdAccountsEnvironment, 'PLATFORM_SECRETS_KEY' | 'PLATFORM_SECRETS_PREVIOUS_KEYS' | 'PLATFORM_AD_PLATFORM'>,
): SecretBox {
  const key = env.PLATFORM_SECRETS_KEY;
  if (key === undefined && env.PLATFORM_AD_PLATFORM !== 'sandbox') {
    throw new Error('PLATFORM_SECRETS_KEY is required with an ad platform other than the sandbox');
  }
  return SecretBox.fromKeys(key ?? SANDBOX_DEFAULT_SECRETS_KEY, secretsKeyList(env.PLATFORM_SECRETS_PREVIOUS_KEYS));
}

/** SecretBox for injection, built once from the environment. */
export const SECRET_BOX_PROVIDER: Provider = {
  provide: SecretBox,
  inject: [AdAccountsEnvironment],
  useFactory: (env: AdAccountsEnvironment) => secretBoxOf(env),
};
