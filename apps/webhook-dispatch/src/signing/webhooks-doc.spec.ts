import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WEBHOOK_EVENT_KINDS } from '@suite/contracts';
import { WEBHOOK_SAMPLE_DATA } from '../deliveries/webhook-samples';
import { generateWebhookSecret } from './webhook-secret';
import { webhookBody, webhookSignatureHeaders, type WebhookSecrets } from './webhook-signing';

/**
 * docs/webhooks.md shows receivers how to verify a delivery; its `js` code blocks are run here,
 * as written but for the module syntax (`import … from` becomes `require`, `export` is dropped:
 * jest runs CommonJS), against requests signed by this signing module.
 */
const doc = readFileSync(join(__dirname, '../../../../docs/webhooks.md'), 'utf8');
const jsBlocks = [...doc.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1]!);

type Verifier = (secret: string, rawBody: string | Buffer, headers: Record<string, string>) => unknown;

function load(block: string): Record<string, Verifier> {
  const names = [...block.matchAll(/^export (?:async )?function (\w+)/gm)].map((match) => match[1]!);
  const code = block
    .replace(
      /^import \{([^}]+)\} from '([^']+)';$/gm,
      (_, bindings: string, from: string) => `const {${bindings}} = require('${from}');`,
    )
    .replace(/^export /gm, '');
  return new Function('require', `${code}\nreturn { ${names.join(', ')} };`)(require) as Record<string, Verifier>;
}

const verifiers = Object.assign({}, ...jsBlocks.map(load)) as Record<string, Verifier>;

function delivery(secrets: WebhookSecrets) {
  const body = webhookBody(
    {
      event: 'sms.received',
      timestamp: '2026-11-24T07:05:00.000Z',
      webhook_id: '17',
      data: {
        message_id: '5f1c7e1a-3d2b-4e8f-a0c9-7b6d5e4f3a21',
        direction: 'inbound',
        channel: 'sms',
        from_number: '+14155550199',
        to_number: '+14155550100',
        contact_phone: '+14155550199',
        body: 'Merci — à demain 👋',
        status: 'received',
        sent_at: null,
        ts: '2026-11-24T07:05:00.000Z',
      },
    },
    secrets,
  );
  const headers = webhookSignatureHeaders({
    eventId: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b',
    attemptAt: new Date(),
    body,
    secrets,
  });
  return { body, raw: Buffer.from(body, 'utf8'), headers: { ...headers } as Record<string, string> };
}

describe('docs/webhooks.md', () => {
  const secret = generateWebhookSecret();
  const { body, raw, headers } = delivery([secret]);
  const tampered = Buffer.from(body.replace('demain', 'bientôt'), 'utf8');
  const stranger = generateWebhookSecret();

  it('has the verification snippets this spec runs', () => {
    expect(Object.keys(verifiers).sort()).toEqual(
      ['verifyMetadataSignature', 'verifySha256Header', 'verifySha256HeaderWithCrypto', 'verifyStandardWebhooks'].sort(),
    );
  });

  it('documents every event kind', () => {
    expect(WEBHOOK_EVENT_KINDS.filter((kind) => !doc.includes(`\`${kind}\``))).toEqual([]);
  });

  it('verifies with standardwebhooks, from a Buffer or a string', () => {
    expect(verifiers['verifyStandardWebhooks']!(secret, raw, headers)).toEqual(JSON.parse(body));
    expect(verifiers['verifyStandardWebhooks']!(secret, body, headers)).toEqual(JSON.parse(body));
    expect(() => verifiers['verifyStandardWebhooks']!(secret, tampered, headers)).toThrow();
    expect(() => verifiers['verifyStandardWebhooks']!(stranger, raw, headers)).toThrow();
  });

  it.each(['verifySha256Header', 'verifySha256HeaderWithCrypto'])('verifies x-webhook-signature with %s', async (name) => {
    expect(await verifiers[name]!(secret, raw, headers)).toBe(true);
    expect(await verifiers[name]!(secret, tampered, headers)).toBe(false);
    expect(await verifiers[name]!(stranger, raw, headers)).toBe(false);
  });

  it('verifies metadata.signature', () => {
    expect(verifiers['verifyMetadataSignature']!(secret, raw, headers)).toBe(true);
    expect(verifiers['verifyMetadataSignature']!(secret, tampered, headers)).toBe(false);
    expect(verifiers['verifyMetadataSignature']!(stranger, raw, headers)).toBe(false);
  });

  it('holds during a rotation: either secret for webhook-signature, the new one for the rest', async () => {
    const rotated = delivery([stranger, secret]);
    expect(verifiers['verifyStandardWebhooks']!(secret, rotated.raw, rotated.headers)).toEqual(JSON.parse(rotated.body));
    expect(verifiers['verifyStandardWebhooks']!(stranger, rotated.raw, rotated.headers)).toEqual(JSON.parse(rotated.body));
    expect(await verifiers['verifySha256Header']!(stranger, rotated.raw, rotated.headers)).toBe(true);
    expect(await verifiers['verifySha256Header']!(secret, rotated.raw, rotated.headers)).toBe(false);
    expect(verifiers['verifyMetadataSignature']!(stranger, rotated.raw, rotated.headers)).toBe(true);
  });

  it('shows the sms data exactly as the mapping makes it', () => {
    const example = JSON.parse(/### `sms\.sent`[\s\S]*?```json\n([\s\S]*?)```/.exec(doc)![1]!);
    expect(Object.keys(example)).toEqual(Object.keys(JSON.parse(body).data));
  });

  it.each(['lead.generated', 'appointment.scheduled'] as const)(
    'shows the %s data with the contract’s fields, in order',
    (kind) => {
      const section = new RegExp(`### \`${kind.replace('.', '\\.')}\`[\\s\\S]*?\`\`\`json\n([\\s\\S]*?)\`\`\``);
      const example = JSON.parse(section.exec(doc)![1]!) as Record<string, unknown>;
      expect(Object.keys(example)).toEqual(Object.keys(WEBHOOK_SAMPLE_DATA[kind]));
    },
  );

  it('shows JSON examples that parse', () => {
    for (const [, json] of doc.matchAll(/```json\n([\s\S]*?)```/g)) expect(() => JSON.parse(json!)).not.toThrow();
  });
});
