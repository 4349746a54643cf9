import { createHash } from 'node:crypto';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { CarrierSendRequest, PhoneCapability } from '../carrier.port';

/**
 * The sandbox carrier's behaviour, predictable from the number and the text alone
 * (docs/carriers.md lists the same table for users).
 */
export const SANDBOX_MARKERS = {
  /** In the body: the carrier refuses the message for good → `failed` at hand-off. */
  reject: '[sandbox:reject]',
  /** In the body: the delivery receipt says `failed`. */
  fail: '[sandbox:fail]',
  /** In the body: the first hand-off attempt finds the carrier unavailable (→ requeued), the retry goes. */
  unavailable: '[sandbox:unavailable]',
} as const;

const NONE: PhoneCapability = { imessage: false, sms: false, mms: false };

/**
 * By the LAST DIGIT of the national number: 0–5 iPhone (iMessage, SMS, MMS), 6–7 Android (SMS,
 * MMS), 8 a basic phone (SMS only), 9 a landline (nothing → no_channel). Not a valid number:
 * nothing.
 */
export function sandboxCapability(phone: string): PhoneCapability {
  const digit = lastDigits(phone, 1);
  if (digit === null) return NONE;
  const value = Number(digit);
  if (value <= 5) return { imessage: true, sms: true, mms: true };
  if (value <= 7) return { imessage: false, sms: true, mms: true };
  if (value === 8) return { imessage: false, sms: true, mms: false };
  return NONE;
}

export type SandboxHandOff =
  | { readonly kind: 'accept' }
  | { readonly kind: 'reject'; readonly code: string; readonly message: string }
  | { readonly kind: 'unavailable'; readonly message: string };

/**
 * Whether a hand-off is accepted. Refused for good when the body holds [sandbox:reject] or the
 * number cannot take the channel (iMessage to an Android number); unavailable on a first attempt
 * with [sandbox:unavailable].
 */
export function sandboxHandOff(request: CarrierSendRequest, firstAttempt: boolean): SandboxHandOff {
  if (request.body.includes(SANDBOX_MARKERS.reject)) {
    return { kind: 'reject', code: 'content_rejected', message: `sandbox: body contains ${SANDBOX_MARKERS.reject}` };
  }
  if (!sandboxCapability(request.to)[request.channel]) {
    return { kind: 'reject', code: 'channel_unsupported', message: `sandbox: ${request.to} cannot receive ${request.channel}` };
  }
  if (firstAttempt && request.body.includes(SANDBOX_MARKERS.unavailable)) {
    return { kind: 'unavailable', message: `sandbox: body contains ${SANDBOX_MARKERS.unavailable} (first attempt)` };
  }
  return { kind: 'accept' };
}

/** The delivery receipt: `failed` when the national number ends in 13 or the body holds [sandbox:fail]. */
export function sandboxReceipt(to: string, body: string): { status: 'delivered' } | { status: 'failed'; reason: string } {
  if (lastDigits(to, 2) === '13')
    return { status: 'failed', reason: 'sandbox: recipient number ends in 13 (simulated unreachable handset)' };
  if (body.includes(SANDBOX_MARKERS.fail)) return { status: 'failed', reason: `sandbox: body contains ${SANDBOX_MARKERS.fail}` };
  return { status: 'delivered' };
}

/** Derived from our message id, so a retried hand-off gets the same carrier id, across restarts too. */
export function sandboxCarrierMessageId(messageId: string): string {
  return `sbx_${createHash('sha256').update(messageId).digest('hex').slice(0, 24)}`;
}

function lastDigits(phone: string, count: number): string | null {
  const parsed = parsePhoneNumberFromString(phone, 'US');
  if (!parsed || !parsed.isValid()) return null;
  return parsed.nationalNumber.slice(-count);
}
