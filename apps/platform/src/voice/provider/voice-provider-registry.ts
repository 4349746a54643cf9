/**
 * The voice-provider adapters this build knows, by the name PLATFORM_VOICE_PROVIDER selects and the
 * callback path `/api/voice/callbacks/{name}` uses. A new adapter adds its name here and its
 * factory in voice.module.ts (docs/voice.md).
 */
export const VOICE_PROVIDER_NAMES = ['sandbox', 'retell'] as const;
export type VoiceProviderName = (typeof VOICE_PROVIDER_NAMES)[number];
