import { systemClock } from '@suite/time';
import { TwilioNumbersClient } from '../twilio/twilio-numbers-client';
import { CallRejectedError, ReputationUnavailableError, VoiceProviderUnavailableError } from '../voice-errors';
import type { PlaceCallRequest } from '../voice-provider.port';
import { RetellClient } from './retell-client';
import { RetellVoiceProvider } from './retell-voice-provider';

/** What the Retell adapter decides before any request (its requests are proven against Prism in the integration specs). */
describe('RetellVoiceProvider', () => {
  // Port 9 (discard): any request that did leave would fail loudly.
  const retell = new RetellClient({
    apiKey: 'key_x',
    apiUrl: 'http://127.0.0.1:9',
    webhookUrl: 'http://x/cb',
    terminationUri: 't.pstn.twilio.com',
    timeoutMs: 500,
  });
  const numbers = new TwilioNumbersClient({
    accountSid: 'AC',
    authToken: 't',
    apiUrl: 'http://127.0.0.1:9',
    trunkSid: 'TK',
    timeoutMs: 500,
  });
  const provider = new RetellVoiceProvider(retell, numbers, null, 'key_x', systemClock);
  const request: PlaceCallRequest = {
    from: '+12125550100',
    to: '+13105550121',
    agentId: '3',
    providerAgentId: null,
    idempotencyKey: 'campaign:1:contact:2',
    context: { companyId: '1', contactId: '2', campaignId: '1', agentId: '3' },
  };

  it('refuses a call without an agent (Retell talks through one) and waits for an agent not mirrored yet', async () => {
    await expect(provider.placeCall({ ...request, agentId: null })).rejects.toBeInstanceOf(CallRejectedError);
    await expect(provider.placeCall(request)).rejects.toEqual(expect.any(VoiceProviderUnavailableError));
    await expect(provider.placeCall(request)).rejects.toMatchObject({ retryAfterMs: 10_000 });
  });

  it('reports reputation as unavailable, not configured, without TELNYX_API_KEY', async () => {
    await expect(provider.checkReputation('+13125550187')).rejects.toEqual(expect.any(ReputationUnavailableError));
    await expect(provider.checkReputation('+13125550187')).rejects.toMatchObject({ reason: 'not_configured' });
  });
});
