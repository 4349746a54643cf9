import { CarrierRejectedError, CarrierUnavailableError } from '../carrier-errors';
import { retryAfterMs, type ProviderAnswer } from '../http/provider-http';

/**
 * Twilio's error codes as the messaging domain reads them (https://www.twilio.com/docs/api/errors;
 * docs/carriers.md has the same table for people). `rejected`: this message will never go
 * (→ `failed`); `opted_out`: rejected AND the recipient unsubscribed at Twilio (→ the contact is
 * opted out too); `unavailable`: our account or configuration, or Twilio itself, is the problem —
 * it must not fail every queued message for good, so they wait and are retried.
 */
export const TWILIO_ERRORS: Readonly<
  Record<number, { kind: 'rejected' | 'opted_out' | 'unavailable'; code: string; text: string }>
> = {
  21211: { kind: 'rejected', code: 'invalid_number', text: "invalid 'To' phone number" },
  21408: { kind: 'rejected', code: 'unreachable_region', text: 'sending to this region is not enabled' },
  21612: { kind: 'rejected', code: 'unreachable_region', text: "the 'To' number cannot be reached from this 'From' number" },
  21614: { kind: 'rejected', code: 'not_mobile', text: "the 'To' number is not a mobile number" },
  21610: { kind: 'opted_out', code: 'unsubscribed', text: 'the recipient replied STOP to this sender at Twilio (unsubscribed)' },
  21617: { kind: 'rejected', code: 'body_too_long', text: 'the body exceeds 1600 characters' },
  30034: {
    kind: 'rejected',
    code: 'a2p_unregistered',
    text: 'US A2P 10DLC: the sender number is not registered to a campaign; register the brand and campaign with Twilio',
  },
  30007: {
    kind: 'rejected',
    code: 'carrier_filtered',
    text: 'filtered by the carrier as spam or unregistered A2P traffic (check the A2P 10DLC registration and the content)',
  },
  30003: { kind: 'rejected', code: 'unreachable', text: 'the handset is unreachable (switched off or out of coverage)' },
  30004: { kind: 'rejected', code: 'blocked', text: 'the recipient blocks this message' },
  30005: { kind: 'rejected', code: 'unknown_destination', text: 'the number is unknown or no longer in service' },
  30006: { kind: 'rejected', code: 'landline', text: 'a landline or a carrier that cannot take text' },
  30008: { kind: 'rejected', code: 'delivery_failed', text: 'unknown delivery error reported by the carrier' },
  20003: {
    kind: 'unavailable',
    code: 'authentication',
    text: 'Twilio refused our credentials (TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN)',
  },
  20429: { kind: 'unavailable', code: 'too_many_requests', text: 'Twilio is throttling our requests' },
  21606: { kind: 'unavailable', code: 'from_not_owned', text: "the 'From' number is not a Twilio number of this account" },
  21212: { kind: 'unavailable', code: 'invalid_from', text: "the 'From' number is not valid" },
};

/** A delivery error code of a status callback or a status lookup, as the message's failure reason. */
export function twilioFailureReason(errorCode: number | string | null | undefined, status: string): string {
  const code = errorCode === null || errorCode === undefined || errorCode === '' ? null : Number(errorCode);
  if (code === null || Number.isNaN(code)) return `twilio: ${status}`;
  const known = TWILIO_ERRORS[code];
  return known ? `twilio ${code} ${known.code}: ${known.text}` : `twilio ${code}: ${status}`;
}

/**
 * The error a refused send throws: 429, 5xx and Twilio's account/configuration codes →
 * CarrierUnavailableError (Retry-After honoured), the codes of a message that can never go →
 * CarrierRejectedError (21610 also opting the contact out), any other 4xx → rejected with its code.
 */
export function twilioSendError(answer: ProviderAnswer): Error {
  const body = answer.json() as { code?: unknown; message?: unknown } | undefined;
  const code = typeof body?.code === 'number' ? body.code : Number.NaN;
  const detail = typeof body?.message === 'string' ? body.message : answer.text.slice(0, 200);
  const known = TWILIO_ERRORS[code];
  if (answer.status === 429 || answer.status >= 500 || answer.status === 401 || known?.kind === 'unavailable') {
    return new CarrierUnavailableError(
      `twilio ${answer.status}${Number.isNaN(code) ? '' : ` ${code}`}: ${known?.text ?? detail}`,
      retryAfterMs(answer.headers),
    );
  }
  if (known) return new CarrierRejectedError(known.code, `twilio ${code}: ${known.text}`, known.kind === 'opted_out');
  return new CarrierRejectedError(
    Number.isNaN(code) ? `twilio_${answer.status}` : `twilio_${code}`,
    `twilio ${answer.status}: ${detail}`,
  );
}
