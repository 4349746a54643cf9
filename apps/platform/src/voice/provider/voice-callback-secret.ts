/**
 * Used only by the sandbox when PLATFORM_VOICE_CALLBACK_SECRET is unset: the sandbox signs and
 * verifies its own callbacks, so nothing outside learns anything from it — but anyone reading
 * this file can forge a sandbox callback, so a deployment reachable by others sets a real secret
 * even in sandbox mode (`npm start` writes a random one to `.data/`).
 */
export const SANDBOX_DEFAULT_VOICE_CALLBACK_SECRET = 'sandbox-voice-callback-secret-do-not-use-with-a-real-provider';

/** The secret the voice callbacks are signed with: the variable, else (sandbox only) the built-in one. */
export function voiceCallbackSecretOf(env: {
  readonly PLATFORM_VOICE_PROVIDER: string;
  readonly PLATFORM_VOICE_CALLBACK_SECRET?: string;
}): string {
  const secret = env.PLATFORM_VOICE_CALLBACK_SECRET;
  if (secret !== undefined) return secret;
  if (env.PLATFORM_VOICE_PROVIDER !== 'sandbox')
    throw new Error('PLATFORM_VOICE_CALLBACK_SECRET is required with a voice provider other than the sandbox');
  return SANDBOX_DEFAULT_VOICE_CALLBACK_SECRET;
}
