import { describeRefusal, providerRequest, retryAfterMs } from '../provider-http';
import { ReputationUnavailableError, VoiceProviderUnavailableError } from '../voice-errors';
import type { CarrierReputation } from '../voice-provider.port';

export interface TelnyxSettings {
  readonly apiKey: string;
  /** TELNYX_API_URL without a trailing slash. */
  readonly apiUrl: string;
  readonly timeoutMs: number;
}

/**
 * `reputation_data` of Telnyx's number reputation (the `ReputationData` type of the official SDK,
 * telnyx 7.24.0 `resources/shared.d.ts`; developers.telnyx.com "Retrieve a registered number's
 * reputation"): one aggregate verdict from Telnyx's data partner, not one per carrier.
 */
export interface TelnyxReputationData {
  spam_risk?: 'low' | 'medium' | 'high' | null;
  spam_category?: string | null;
  connection_score?: number | null;
  engagement_score?: number | null;
  maturity_score?: number | null;
  sentiment_score?: number | null;
  last_refreshed_at?: string | null;
}

/** The source's name on a spam-protected number's `flagged_carriers`: never a carrier we did not ask. */
export const TELNYX_REPUTATION_SOURCE = 'Telnyx Number Reputation (Hiya)';

/** A lookup with no data yet (the first refresh not collected) is asked again after this long. */
const PENDING_RETRY_MS = 10 * 60_000;

/**
 * Telnyx's number reputation, `GET /v2/reputation/numbers/{number}` with the API key as bearer.
 * Reputation is a US-only product that Telnyx enables per enterprise (an agreement, then the
 * numbers registered for monitoring): a 401/403 is `not_allowed`, a 404 `not_monitored` — both
 * leave the number In Progress with the reason — while 429, 5xx and no answer are temporary.
 */
export class TelnyxReputationClient {
  constructor(private readonly settings: TelnyxSettings) {}

  async check(phoneNumber: string, now: Date): Promise<CarrierReputation[]> {
    const answer = await providerRequest(
      'telnyx',
      {
        method: 'GET',
        url: `${this.settings.apiUrl}/v2/reputation/numbers/${encodeURIComponent(phoneNumber)}`,
        headers: { authorization: `Bearer ${this.settings.apiKey}`, accept: 'application/json' },
        writes: false,
      },
      this.settings.timeoutMs,
    );
    if (answer.status === 401 || answer.status === 403) {
      throw new ReputationUnavailableError(
        'not_allowed',
        `Telnyx refused the reputation lookup (${answer.status}): number reputation needs an enterprise with reputation enabled.`,
      );
    }
    if (answer.status === 404) {
      throw new ReputationUnavailableError('not_monitored', 'The number is not registered for reputation monitoring at Telnyx.');
    }
    if (answer.status !== 200) {
      throw new VoiceProviderUnavailableError(
        `telnyx: reputation lookup answered ${describeRefusal(answer)}`,
        retryAfterMs(answer.headers),
      );
    }
    const data = (answer.json() as { data?: { reputation_data?: TelnyxReputationData | null } } | undefined)?.data;
    if (!data) throw new VoiceProviderUnavailableError('telnyx: reputation lookup answered without data');
    if (!data.reputation_data) {
      throw new VoiceProviderUnavailableError('telnyx: no reputation collected for the number yet', PENDING_RETRY_MS);
    }
    return [reputationOf(data.reputation_data, now)];
  }
}

/**
 * The one aggregate answer as the spam-protected number's single `flagged_carriers` entry
 * (docs/voice.md, "Reputation through Telnyx"): flagged when the risk is `medium` or `high` or the
 * feed names a spam category; labelled with that category, else with the risk; checked when
 * Telnyx last refreshed it.
 */
export function reputationOf(data: TelnyxReputationData, now: Date): CarrierReputation {
  const risk = data.spam_risk ?? null;
  const category = typeof data.spam_category === 'string' && data.spam_category.trim() !== '' ? data.spam_category.trim() : null;
  const flagged = risk === 'medium' || risk === 'high' || category !== null;
  const refreshed = data.last_refreshed_at ? new Date(data.last_refreshed_at) : null;
  return {
    carrier: TELNYX_REPUTATION_SOURCE,
    flagged,
    label: flagged ? (category ?? `${risk === 'high' ? 'High' : 'Medium'} spam risk`).slice(0, 64) : null,
    checkedAt: refreshed && !Number.isNaN(refreshed.getTime()) ? refreshed : now,
  };
}
