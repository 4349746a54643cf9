import { createHmac } from 'node:crypto';
import { verify, verifyWithFallback } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import type { SmsWebhookData } from '@suite/contracts';
import { generateWebhookSecret, isWebhookSecret, standardWebhooksKey } from './webhook-secret';
import { hasValidMetadataSignature, unsignedWebhookBody, webhookBody, webhookSignatureHeaders } from './webhook-signing';

const data: SmsWebhookData = {
  message_id: '0b9d4a52-8a3e-4c47-9a7b-1f6a2d9c0e11',
  direction: 'outbound',
  channel: 'imessage',
  from_number: '+14155550100',
  to_number: '+14155550199',
  contact_phone: '+14155550199',
  body: 'Café ☕ — “quoted” 🎉 \u2028 </script>',
  status: 'delivered',
  sent_at: '2026-11-24T07:00:01.000Z',
  ts: '2026-11-24T07:00:03.000Z',
};
const envelope = { event: 'sms.sent' as const, timestamp: '2026-11-24T07:00:03.000Z', webhook_id: '17', data };
const eventId = 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b';

describe('webhook secrets', () => {
  it('are whsec_ + base64 of 32 random bytes, never twice the same', () => {
    const [a, b] = [generateWebhookSecret(), generateWebhookSecret()];
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(standardWebhooksKey(a)).toHaveLength(32);
    expect(a).not.toBe(b);
    expect(isWebhookSecret(a)).toBe(true);
  });

  it('have at least 24 bytes', () => {
    expect(() => generateWebhookSecret(16)).toThrow(RangeError);
    expect(isWebhookSecret(generateWebhookSecret(24))).toBe(true);
    expect(isWebhookSecret(`whsec_${Buffer.alloc(23).toString('base64')}`)).toBe(false);
    expect(isWebhookSecret(`sk_${Buffer.alloc(32).toString('base64')}`)).toBe(false);
    expect(isWebhookSecret('whsec_not base64!')).toBe(false);
    expect(() => standardWebhooksKey('whsec_x')).toThrow(TypeError);
  });
});

describe('webhook signing', () => {
  const secret = generateWebhookSecret();
  const body = webhookBody(envelope, [secret]);
  const attemptAt = new Date();
  const headers = webhookSignatureHeaders({ eventId, attemptAt, body, secrets: [secret] });

  it('serializes the envelope in the documented order, metadata last with its signature', () => {
    const parsed = JSON.parse(body);
    expect(Object.keys(parsed)).toEqual(['event', 'timestamp', 'webhook_id', 'data', 'metadata']);
    expect(parsed).toEqual({
      ...envelope,
      metadata: { version: '1.0', signature: expect.stringMatching(/^sha256=[0-9a-f]{64}$/) },
    });
  });

  it('signs x-webhook-signature so that @octokit/webhooks-methods verifies the exact body', async () => {
    expect(headers['x-webhook-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(await verify(secret, body, headers['x-webhook-signature'])).toBe(true);
    expect(await verify(secret, body.replace('Café', 'Cafe'), headers['x-webhook-signature'])).toBe(false);
    expect(await verify(generateWebhookSecret(), body, headers['x-webhook-signature'])).toBe(false);
  });

  it('signs the Standard Webhooks headers so that standardwebhooks verifies the exact body', () => {
    expect(headers['webhook-id']).toBe(eventId);
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(attemptAt.getTime() / 1000)));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace('Café', 'Cafe'), headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'other' })).toThrow();
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
  });

  it('stamps each attempt with its own time: an old attempt is refused as a replay', () => {
    const stale = webhookSignatureHeaders({ eventId, attemptAt: new Date(Date.now() - 10 * 60_000), body, secrets: [secret] });
    expect(() => new Webhook(secret).verify(body, stale)).toThrow(/timestamp/i);
  });

  it('defines metadata.signature over the body without it, which a receiver recomputes', () => {
    const parsed = JSON.parse(body);
    const unsigned = unsignedWebhookBody(body);
    expect(unsigned).toBe(JSON.stringify({ ...parsed, metadata: { version: parsed.metadata.version } }));
    expect(parsed.metadata.signature).toBe(`sha256=${createHmac('sha256', secret).update(unsigned).digest('hex')}`);
    expect(hasValidMetadataSignature(body, secret)).toBe(true);
    expect(hasValidMetadataSignature(body, generateWebhookSecret())).toBe(false);
    expect(() => unsignedWebhookBody('{}')).toThrow(TypeError);
  });

  it('gives the same body bytes on every attempt; only the timestamped headers change', () => {
    expect(webhookBody(envelope, [secret])).toBe(body);
  });

  describe('during a secret rotation (newest first)', () => {
    const [next, previous] = [generateWebhookSecret(), secret];
    const rotated = webhookBody(envelope, [next, previous]);
    const both = webhookSignatureHeaders({ eventId, attemptAt, body: rotated, secrets: [next, previous] });

    it('carries one v1 signature per secret, so a receiver holding either verifies', () => {
      expect(both['webhook-signature'].split(' ')).toHaveLength(2);
      expect(new Webhook(next).verify(rotated, both)).toBeDefined();
      expect(new Webhook(previous).verify(rotated, both)).toBeDefined();
    });

    it('signs x-webhook-signature and metadata.signature with the new secret only', async () => {
      expect(await verify(next, rotated, both['x-webhook-signature'])).toBe(true);
      expect(await verify(previous, rotated, both['x-webhook-signature'])).toBe(false);
      expect(await verifyWithFallback(previous, rotated, both['x-webhook-signature'], [next])).toBe(true);
      expect(hasValidMetadataSignature(rotated, next)).toBe(true);
    });
  });
});
