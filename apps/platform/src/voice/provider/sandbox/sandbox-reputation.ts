import type { CarrierReputation } from '../voice-provider.port';
import { VoiceProviderUnavailableError } from '../voice-errors';

/** The carriers the sandbox asks, in the order it answers. */
export const SANDBOX_CARRIERS = ['AT&T', 'T-Mobile', 'Verizon'] as const;

/**
 * The sandbox's reputation answers (docs/voice.md, "Sandbox"), by the number's last digit:
 * - `7`: T-Mobile labels it `Scam Likely`;
 * - `9`: AT&T labels it `Spam Risk` and Verizon `Potential Spam`;
 * - `5`: no answer yet — the lookup is pending (VoiceProviderUnavailableError), so the number
 *   stays `In Progress` and the check is retried;
 * - anything else: clean with every carrier.
 */
export function sandboxReputation(phoneNumber: string, now: Date): CarrierReputation[] {
  const last = phoneNumber.slice(-1);
  if (last === '5') throw new VoiceProviderUnavailableError('sandbox: reputation lookup still pending for this number', 60_000);
  const labels: Record<string, string> =
    last === '7' ? { 'T-Mobile': 'Scam Likely' } : last === '9' ? { 'AT&T': 'Spam Risk', Verizon: 'Potential Spam' } : {};
  return SANDBOX_CARRIERS.map((carrier) => ({
    carrier,
    flagged: carrier in labels,
    label: labels[carrier] ?? null,
    checkedAt: now,
  }));
}
