// The public face of voice: AI agents, calls, dialer campaigns, owned and spam-protected numbers, the voice-provider port (decision 0059).
// Code outside this folder imports only from here; what is not exported is the context's own.
export { AgentEntity } from './agents/agent.entity';
export { AgentsModule } from './agents/agents.module';
export { VOICE_CALLBACKS_PATH } from './calls/call-callbacks.controller';
export { CallEntity } from './calls/call.entity';
export { CallsEnvironment } from './calls/calls-environment';
export { CallsModule } from './calls/calls.module';
export { SandboxCallsModule } from './calls/sandbox/sandbox-calls.module';
export { CampaignContactEntity } from './campaigns/campaign-contact.entity';
export { CampaignsModule } from './campaigns/campaigns.module';
export { CallAttemptEntity } from './campaigns/dialer/call-attempt.entity';
export { PhoneNumberEntity } from './phone-numbers/phone-number.entity';
export { PhoneNumbersEnvironment } from './phone-numbers/phone-numbers-environment';
export { PhoneNumbersModule } from './phone-numbers/phone-numbers.module';
export { UserPhoneNumbersModule } from './phone-numbers/user-phone-numbers.module';
export { SANDBOX_DEFAULT_VOICE_CALLBACK_SECRET, voiceCallbackSecretOf } from './provider/voice-callback-secret';
export { CallRejectedError } from './provider/voice-errors';
export { VoiceEnvironment } from './provider/voice-environment';
export type {
  AgentMirror,
  AgentMirrorRequest,
  PlaceCallRequest,
  PlacedCall,
  VoiceProvider,
} from './provider/voice-provider.port';
export { VoiceModule } from './provider/voice.module';
export { NoBodyPipe } from './spam-protected-numbers/no-body.pipe';
export { SpamProtectionEnvironment } from './spam-protected-numbers/spam-protection-environment';
export { SpamProtectedNumbersModule } from './spam-protected-numbers/spam-protected-numbers.module';
