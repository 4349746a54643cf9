import { validateRequest } from 'twilio/lib/webhooks/webhooks';
import { withMessageId } from '../callback-message-id';
import { CallbackRejectedError } from '../carrier-errors';
import type { CallbackRequest, CarrierCallback } from '../carrier.port';
import { headerValue } from '../http/provider-http';
import { twilioFailureReason } from './twilio-errors';

export const TWILIO_SIGNATURE_HEADER = 'x-twilio-signature';
/** The query parameter of our status callback URL that names our message (Twilio echoes the URL, never the id). */
export const TWILIO_MESSAGE_ID_PARAM = 'message_id';
/** Most media one inbound MMS may carry (Twilio: 10). */
const MAX_MEDIA = 10;

/**
 * Twilio's webhooks (status callbacks and inbound messages, form posts) verified and normalised.
 * Verification is the twilio library's own `validateRequest`: HMAC-SHA1 with the auth token over
 * the full URL Twilio posted to followed by the form parameters sorted by name, base64, compared
 * in constant time with X-Twilio-Signature. Twilio signs no timestamp: a replayed callback
 * verifies, and the domain's idempotency (a receipt or inbound id applied once) makes it harmless.
 */
export function readTwilioCallback(authToken: string, request: CallbackRequest): CarrierCallback[] {
  const signature = headerValue(request.headers, TWILIO_SIGNATURE_HEADER);
  if (!signature) throw new CallbackRejectedError('missing_signature', `twilio callback without ${TWILIO_SIGNATURE_HEADER}`);
  if (request.url === null)
    throw new CallbackRejectedError('bad_signature', 'twilio callbacks are verified against the URL they were posted to');
  const form = new URLSearchParams(request.rawBody.toString());
  const params: Record<string, string> = {};
  for (const [name, value] of form) params[name] = value;
  if (!validateRequest(authToken, signature, request.url, params))
    throw new CallbackRejectedError('bad_signature', 'X-Twilio-Signature does not match the URL and parameters');
  return withMessageId(decodeTwilioForm(params, new Date()), request.query.get(TWILIO_MESSAGE_ID_PARAM));
}

/** A verified form as callbacks: a final status → a receipt, an intermediate one → nothing, an inbound text → inbound. */
export function decodeTwilioForm(params: Readonly<Record<string, string>>, at: Date): CarrierCallback[] {
  const sid = params.MessageSid ?? params.SmsSid;
  if (!sid) throw malformed('MessageSid is missing');
  const status = params.MessageStatus;
  if (status !== undefined) {
    if (status === 'delivered') return [{ kind: 'status', carrierMessageId: sid, status: 'delivered', at }];
    if (status === 'undelivered' || status === 'failed')
      return [
        { kind: 'status', carrierMessageId: sid, status: 'failed', reason: twilioFailureReason(params.ErrorCode, status), at },
      ];
    // queued, sending, sent, accepted, scheduled, read, canceled …: not a verdict on delivery.
    return [];
  }
  const { From: from, To: to } = params;
  if (!from || !to) throw malformed('From and To are required in an inbound message');
  const media = Number(params.NumMedia ?? '0');
  const attachments: string[] = [];
  for (let i = 0; i < Math.min(Number.isInteger(media) ? media : 0, MAX_MEDIA); i++) {
    const url = params[`MediaUrl${i}`];
    if (url) attachments.push(url);
  }
  return [
    {
      kind: 'inbound',
      carrierMessageId: sid,
      from,
      to,
      body: params.Body ?? '',
      at,
      channel: attachments.length > 0 ? 'mms' : 'sms',
      ...(attachments.length > 0 ? { attachments } : {}),
    },
  ];
}

function malformed(detail: string): CallbackRejectedError {
  return new CallbackRejectedError('malformed_body', `twilio callback: ${detail}`);
}
