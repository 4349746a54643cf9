import { BaseEnvironment, composeEnvironment, type EnvironmentOf } from '@suite/config';
import { LoginAsEnvironment } from './directory';
import { IdsEnvironment } from './ids/ids-environment';
import { AdAccountsEnvironment, CallHistoryEnvironment } from './reporting';
import { CallsEnvironment, PhoneNumbersEnvironment, SpamProtectionEnvironment, VoiceEnvironment } from './voice';
import { LoopGuardEnvironment } from './workflows';

/** The variables every app reads, with the platform's port. */
export class PlatformSharedEnvironment extends BaseEnvironment {
  override PORT = 3003;
}

/**
 * The platform's environment, composed above the contexts from the slices their features declare
 * (decision 0062), in the order the variables were once declared: the shared variables, the ids',
 * login-as's, the phone numbers', the reputation checks', the loop guard's, the ad accounts', the
 * call-history export's, the voice provider's and the calls'. Each feature injects its own slice by
 * class; PLATFORM_PUBLIC_URL is declared by the voice provider's and the ad accounts' both, each
 * saying when it needs it (shared/public-url.ts).
 */
export const PlatformEnvironment = composeEnvironment(
  PlatformSharedEnvironment,
  IdsEnvironment,
  LoginAsEnvironment,
  PhoneNumbersEnvironment,
  SpamProtectionEnvironment,
  LoopGuardEnvironment,
  VoiceEnvironment,
  AdAccountsEnvironment,
  CallHistoryEnvironment,
  CallsEnvironment,
);
export type PlatformEnvironment = EnvironmentOf<typeof PlatformEnvironment>;
