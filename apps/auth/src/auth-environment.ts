import { BaseEnvironment, composeEnvironment, type EnvironmentOf } from '@suite/config';
import { AuthorizationEnvironment } from './authorization/authorization-environment';
import { SigningKeysEnvironment } from './signing-keys/signing-keys-environment';

/** The variables every app reads, with auth's port. */
export class AuthSharedEnvironment extends BaseEnvironment {
  override PORT = 3002;
}

/**
 * Auth's environment, composed at the top of the app from the slices its features declare
 * (decision 0062): the shared variables, the login pages' and the signing keys'. Each feature
 * injects its own slice by class; the issuer is read from the shared variables (shared/issuer.ts).
 */
export const AuthEnvironment = composeEnvironment(AuthSharedEnvironment, AuthorizationEnvironment, SigningKeysEnvironment);
export type AuthEnvironment = EnvironmentOf<typeof AuthEnvironment>;
