import { createHmac } from 'node:crypto';
import { WEBHOOK_ENVELOPE_VERSION, type WebhookEnvelope, type WebhookEventKind } from '@suite/contracts';
import { standardWebhooksKey } from './webhook-secret';

/**
 * How a webhook request is signed (docs/webhooks.md is the receivers' side). Pure: no clock, no
 * randomness; the caller passes the time and the secrets.
 *
 * - The body is serialized once, by `webhookBody`; every signature is over those exact bytes
 *   (UTF-8), so the sender must send `body` as it is.
 * - `x-webhook-signature: sha256=<hex>`: HMAC-SHA256 keyed with the secret string exactly as shown
 *   to the customer (all of it, `whsec_` included, as UTF-8) over the body — what
 *   `@octokit/webhooks-methods`' `verify(secret, body, header)` checks.
 * - Standard Webhooks: `webhook-id` (the event id: the same on every attempt, receivers dedup on
 *   it), `webhook-timestamp` (unix seconds of this attempt, so it is fresh on retries), and
 *   `webhook-signature: v1,<base64>`: HMAC-SHA256 keyed with the secret's base64-decoded bytes
 *   after `whsec_` over `${id}.${timestamp}.${body}` — what `standardwebhooks`' `verify` checks.
 * - Rotation: the secrets are given newest first. `webhook-signature` carries one `v1,…` entry
 *   per secret, space-separated, so a receiver holding either verifies. `x-webhook-signature`
 *   can hold only one: it is the newest secret's, as is `metadata.signature`.
 */

/** The envelope before it is signed: everything but `metadata`. */
export type UnsignedWebhookEnvelope<K extends WebhookEventKind = WebhookEventKind> = Omit<WebhookEnvelope<K>, 'metadata'>;

/** Newest first; two during a rotation. */
export type WebhookSecrets = readonly [string, ...string[]];

const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text, 'utf8').digest('hex');

/**
 * The exact body of a delivery. `metadata.signature` is `sha256=` + hex HMAC-SHA256 (keyed like
 * x-webhook-signature, newest secret) over the body serialized with `metadata: {"version":"1.0"}`
 * only; the final body is that with `,"signature":"sha256=…"` added as the last member of
 * `metadata`, which is the last member of the body. A receiver recomputes it with
 * `unsignedWebhookBody(body)` (or, in JavaScript, JSON.stringify of the parsed body with
 * `metadata: { version }`). It does not depend on the attempt, so retries send the same bytes.
 */
export function webhookBody<K extends WebhookEventKind>(envelope: UnsignedWebhookEnvelope<K>, secrets: WebhookSecrets): string {
  const unsigned: UnsignedWebhookEnvelope<K> & { metadata: Pick<WebhookEnvelope['metadata'], 'version'> } = {
    event: envelope.event,
    timestamp: envelope.timestamp,
    webhook_id: envelope.webhook_id,
    data: envelope.data,
    metadata: { version: WEBHOOK_ENVELOPE_VERSION },
  };
  const signature = `sha256=${hmacHex(secrets[0], JSON.stringify(unsigned))}` as const;
  const signed: WebhookEnvelope<K> = { ...unsigned, metadata: { ...unsigned.metadata, signature } };
  return JSON.stringify(signed);
}

const SIGNATURE_MEMBER = /,"signature":"sha256=[0-9a-f]{64}"\}\}$/;

/** The bytes `metadata.signature` is over: the body without its `,"signature":"…"` member. */
export function unsignedWebhookBody(body: string): string {
  if (!SIGNATURE_MEMBER.test(body)) throw new TypeError('not a signed webhook body');
  return body.replace(SIGNATURE_MEMBER, '}}');
}

/** Whether `metadata.signature` of `body` is the secret's. */
export function hasValidMetadataSignature(body: string, secret: string): boolean {
  const envelope = JSON.parse(body) as WebhookEnvelope;
  return envelope.metadata.signature === `sha256=${hmacHex(secret, unsignedWebhookBody(body))}`;
}

export interface WebhookSignatureHeaders {
  'x-webhook-signature': `sha256=${string}`;
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** The signature headers of one attempt. `attemptAt` is the time of this attempt. */
export function webhookSignatureHeaders(input: {
  eventId: string;
  attemptAt: Date;
  body: string;
  secrets: WebhookSecrets;
}): WebhookSignatureHeaders {
  const timestamp = String(Math.floor(input.attemptAt.getTime() / 1000));
  const signed = `${input.eventId}.${timestamp}.${input.body}`;
  return {
    'x-webhook-signature': `sha256=${hmacHex(input.secrets[0], input.body)}`,
    'webhook-id': input.eventId,
    'webhook-timestamp': timestamp,
    'webhook-signature': input.secrets
      .map((secret) => `v1,${createHmac('sha256', standardWebhooksKey(secret)).update(signed, 'utf8').digest('base64')}`)
      .join(' '),
  };
}
