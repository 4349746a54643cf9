import {
  IsDefined,
  IsIn,
  IsInt,
  IsUrl,
  Matches,
  Max,
  Min,
  registerDecorator,
  ValidateIf,
  type ValidationOptions,
} from 'class-validator';
import { Secret } from '@suite/config';
import { PublicUrl } from '../../shared/public-url';
import { VOICE_PROVIDER_NAMES } from './voice-provider-registry';

/** The shortest PLATFORM_VOICE_CALLBACK_SECRET taken. */
export const MIN_VOICE_CALLBACK_SECRET_LENGTH = 32;

type VoiceVariables = Partial<Record<string, unknown>> & { PLATFORM_VOICE_PROVIDER: string };

/**
 * Checked when the variable is set, and required (stopping start-up naming it) when
 * PLATFORM_VOICE_PROVIDER is `retell`: a live provider without its credentials fails at boot,
 * not on the first purchase.
 */
function RequiredWithRetell(): PropertyDecorator {
  return (target, property) => {
    const name = String(property);
    ValidateIf((env: VoiceVariables) => env.PLATFORM_VOICE_PROVIDER === 'retell' || env[name] !== undefined)(target, property);
    IsDefined({ message: `${name} is required with PLATFORM_VOICE_PROVIDER=retell` })(target, property);
  };
}

/** Checked when set, never required. */
const WhenSet = (): PropertyDecorator => (target, property) =>
  ValidateIf((env: VoiceVariables) => env[String(property)] !== undefined)(target, property);

const httpUrl = (name: string): PropertyDecorator =>
  IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['http', 'https'] },
    { message: `${name} must be an http(s) URL` },
  );

/**
 * The voice callback secret: at least 32 characters when set; may be left unset with the sandbox
 * (which then uses a built-in secret, voice-callback-secret.ts) and with Retell (whose callbacks
 * are signed with the Retell API key instead).
 */
function IsVoiceCallbackSecret(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isVoiceCallbackSecret',
      target: target.constructor,
      propertyName: propertyName as string,
      options: {
        message:
          `PLATFORM_VOICE_CALLBACK_SECRET must be at least ${MIN_VOICE_CALLBACK_SECRET_LENGTH} characters; ` +
          `only the sandbox and Retell voice providers may run without it`,
        ...options,
      },
      validator: {
        validate: (value: unknown, args) =>
          value === undefined
            ? ['sandbox', 'retell'].includes((args?.object as VoiceEnvironment).PLATFORM_VOICE_PROVIDER)
            : typeof value === 'string' && value.length >= MIN_VOICE_CALLBACK_SECRET_LENGTH,
      },
    });
}

/**
 * The voice provider's slice of the platform's environment (docs/voice.md, "Going live"; decision
 * 0062): which adapter runs, and the credentials of the providers the `retell` adapter composes —
 * Retell for agents and calls, Twilio for numbers (imported into Retell through the account's
 * Elastic SIP trunk), Telnyx for reputation (optional) — and the sandbox's pace. Secrets are
 * marked, so logs redact them.
 */
export class VoiceEnvironment {
  /** Which voice-provider adapter sells numbers and places calls; `sandbox` simulates one (docs/voice.md). */
  @IsIn(VOICE_PROVIDER_NAMES, { message: `PLATFORM_VOICE_PROVIDER must be one of: ${VOICE_PROVIDER_NAMES.join(', ')}` })
  PLATFORM_VOICE_PROVIDER: string = 'sandbox';

  /**
   * Shared secret of the platform's own signed voice callbacks (`x-voice-signature`, HMAC-SHA256,
   * docs/voice.md). Unset in sandbox mode, a built-in secret is used; Retell signs with its API key.
   * The embedded launcher writes a random one to `.data/`.
   */
  @Secret()
  @IsVoiceCallbackSecret()
  PLATFORM_VOICE_CALLBACK_SECRET?: string;

  /**
   * The platform's address as Retell reaches it: its webhooks go to `<url>/api/voice/callbacks/retell`.
   * Required with Retell. The ad accounts read the same variable (shared/public-url.ts).
   */
  @PublicUrl({ variable: 'PLATFORM_VOICE_PROVIDER', value: 'retell' })
  PLATFORM_PUBLIC_URL?: string;

  /** Retell's API key: authenticates our requests, and Retell signs its webhooks with it (`x-retell-signature`). */
  @Secret()
  @RequiredWithRetell()
  @Matches(/^\S{8,256}$/, { message: 'RETELL_API_KEY must be 8 to 256 characters without spaces' })
  RETELL_API_KEY?: string;

  @httpUrl('RETELL_API_URL')
  RETELL_API_URL: string = 'https://api.retellai.com';

  /** The Twilio account numbers are bought in (AC + 32 hex digits). */
  @RequiredWithRetell()
  @Matches(/^AC[0-9a-fA-F]{32}$/, { message: 'TWILIO_ACCOUNT_SID must be AC followed by 32 hexadecimal digits' })
  TWILIO_ACCOUNT_SID?: string;

  @Secret()
  @RequiredWithRetell()
  // Twilio's auth tokens are 32 hex digits; the same rule as messaging's (anything under 16 visible characters is a mistake).
  @Matches(/^\S{16,}$/, { message: 'TWILIO_AUTH_TOKEN must be at least 16 characters without spaces' })
  TWILIO_AUTH_TOKEN?: string;

  @httpUrl('TWILIO_API_URL')
  TWILIO_API_URL: string = 'https://api.twilio.com';

  /** The Elastic SIP trunk (TK + 32 hex digits) a bought number is attached to, so Retell can call through it. */
  @RequiredWithRetell()
  @Matches(/^TK[0-9a-fA-F]{32}$/, { message: 'TWILIO_SIP_TRUNK_SID must be TK followed by 32 hexadecimal digits' })
  TWILIO_SIP_TRUNK_SID?: string;

  /** That trunk's termination URI (`<name>.pstn.twilio.com`), given to Retell when a number is imported. */
  @RequiredWithRetell()
  @Matches(/^[a-z0-9-]+(\.[a-z0-9-]+)*\.pstn\.twilio\.com$/i, {
    message: 'TWILIO_SIP_TERMINATION_URI must be the trunk termination host, <name>.pstn.twilio.com',
  })
  TWILIO_SIP_TERMINATION_URI?: string;

  /** Telnyx number reputation; unset, reputation checks are reported as unavailable (In Progress, with the reason). */
  @Secret()
  @WhenSet()
  @Matches(/^\S{8,256}$/, { message: 'TELNYX_API_KEY must be 8 to 256 characters without spaces' })
  TELNYX_API_KEY?: string;

  @httpUrl('TELNYX_API_URL')
  TELNYX_API_URL: string = 'https://api.telnyx.com';

  /** Sandbox: real time between the simulated steps of a placed call (started → answered → … → ended). */
  @IsInt()
  @Min(0)
  @Max(60_000)
  PLATFORM_SANDBOX_CALL_STEP_MS: number = 1000;
}
