import { timingSafeEqual } from 'node:crypto';
import { parseUntrustedJson } from '@suite/http';
import { withMessageId } from '../callback-message-id';
import { CallbackRejectedError } from '../carrier-errors';
import type { CallbackRequest, CarrierCallback } from '../carrier.port';
import { headerValue } from '../http/provider-http';

export const SENDBLUE_SIGNING_HEADER = 'sb-signing-secret';
/** The query parameter of our Sendblue callback URLs holding the per-installation token. */
export const SENDBLUE_TOKEN_PARAM = 'token';
/** Our message id in the status callback URL, beside the token. */
export const SENDBLUE_MESSAGE_ID_PARAM = 'message_id';

export interface SendblueCallbackSecrets {
  /** SENDBLUE_SIGNING_SECRET: what Sendblue sends back in sb-signing-secret. */
  readonly signingSecret: string;
  /** SENDBLUE_CALLBACK_TOKEN: the unguessable part of our callback URLs. */
  readonly callbackToken: string;
}

/**
 * A Sendblue webhook (outbound status or inbound message, JSON), authenticated and normalised.
 * Sendblue signs nothing and sends no timestamp: it posts the webhook secret back as it is, in
 * sb-signing-secret. So two secrets are required, each compared in constant time: that header,
 * and the per-installation token in the callback URL's query — a post without the token is
 * refused even with the right header, and neither refusal changes anything. A replay of a
 * genuine callback cannot be told from the original; the domain applies each receipt and each
 * inbound handle once.
 */
export function readSendblueCallback(secrets: SendblueCallbackSecrets, request: CallbackRequest): CarrierCallback[] {
  const token = request.query.get(SENDBLUE_TOKEN_PARAM);
  if (!token) throw new CallbackRejectedError('missing_signature', 'sendblue callback URL without its token');
  if (!sameSecret(token, secrets.callbackToken))
    throw new CallbackRejectedError('bad_signature', 'sendblue callback URL token is wrong');
  const signature = headerValue(request.headers, SENDBLUE_SIGNING_HEADER);
  if (!signature) throw new CallbackRejectedError('missing_signature', `sendblue callback without ${SENDBLUE_SIGNING_HEADER}`);
  if (!sameSecret(signature, secrets.signingSecret))
    throw new CallbackRejectedError('bad_signature', `${SENDBLUE_SIGNING_HEADER} does not match SENDBLUE_SIGNING_SECRET`);
  return withMessageId(decodeSendblueWebhook(parse(request.rawBody), new Date()), request.query.get(SENDBLUE_MESSAGE_ID_PARAM));
}

/** The webhook payload's fields we read (the SDK's message types: `MessageRetrieveResponse.Data`). */
export interface SendblueWebhook {
  message_handle?: string;
  status?: string;
  is_outbound?: boolean;
  content?: string | null;
  media_url?: string | null;
  from_number?: string;
  to_number?: string;
  number?: string;
  sendblue_number?: string | null;
  service?: string;
  error_code?: number | string | null;
  error_message?: string | null;
  error_reason?: string | null;
  was_downgraded?: boolean | null;
  date_updated?: string;
}

/**
 * Outbound: DELIVERED (and READ) → delivered, marked `downgraded` when `was_downgraded` (Sendblue
 * carried it as SMS itself: noted, never resent — that would text the person twice); ERROR or
 * DECLINED → failed, `downgraded` (the iMessage did not go: sendblue+twilio resends it once by SMS
 * through Twilio); QUEUED, SENT and the rest → no verdict, `was_downgraded` or not (a downgraded
 * message on its way is on its way as Sendblue's SMS; its DELIVERED or ERROR settles it). Inbound
 * (`is_outbound: false`) → an inbound text on iMessage or SMS, its media as an attachment.
 */
export function decodeSendblueWebhook(payload: SendblueWebhook, at: Date): CarrierCallback[] {
  const handle = payload.message_handle;
  if (typeof handle !== 'string' || handle === '') throw malformed('message_handle is missing');
  if (payload.is_outbound === false) {
    const from = payload.from_number ?? payload.number;
    const to = payload.to_number ?? payload.sendblue_number ?? undefined;
    if (!from || !to) throw malformed('an inbound message needs from_number and to_number');
    const attachments = payload.media_url ? [payload.media_url] : [];
    return [
      {
        kind: 'inbound',
        carrierMessageId: handle,
        from,
        to,
        body: payload.content ?? '',
        at,
        channel: payload.service === 'iMessage' ? 'imessage' : attachments.length > 0 ? 'mms' : 'sms',
        ...(attachments.length > 0 ? { attachments } : {}),
      },
    ];
  }
  const status = String(payload.status ?? '').toUpperCase();
  if (status === 'DELIVERED' || status === 'READ')
    return [
      {
        kind: 'status',
        carrierMessageId: handle,
        status: 'delivered',
        at,
        ...(payload.was_downgraded ? { downgraded: true } : {}),
      },
    ];
  if (status === 'ERROR' || status === 'DECLINED')
    return [
      {
        kind: 'status',
        carrierMessageId: handle,
        status: 'failed',
        reason: sendblueFailureReason(payload),
        at,
        downgraded: true,
      },
    ];
  return [];
}

export function sendblueFailureReason(
  payload: Pick<SendblueWebhook, 'status' | 'error_code' | 'error_message' | 'error_reason' | 'was_downgraded'>,
): string {
  const code = payload.error_code === null || payload.error_code === undefined ? '' : ` ${payload.error_code}`;
  const text =
    payload.error_message ||
    payload.error_reason ||
    (payload.was_downgraded ? 'downgraded: not delivered as iMessage' : payload.status);
  return `sendblue${code}: ${text ?? 'not delivered'}`;
}

function parse(rawBody: Buffer | string): SendblueWebhook {
  const parsed = parseUntrustedJson(rawBody);
  if (!parsed.ok) throw malformed(parsed.problem);
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw malformed('body must be a JSON object');
  return value as SendblueWebhook;
}

/** Constant-time equality of two secrets (the lengths are compared first; a length is no secret). */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function malformed(detail: string): CallbackRejectedError {
  return new CallbackRejectedError('malformed_body', `sendblue callback: ${detail}`);
}
