import { canonicalJson, sendPayloadHash, type SendPayload } from './send-payload-hash';

const payload: SendPayload = {
  domain_id: '6f1c2a4e-8b7d-4c3e-9a1f-0d2e3f4a5b6c',
  to: 'lead@example.com',
  subject: 'Your quote',
  text: 'Hello',
  attachments: [{ filename: 'a.txt', content_type: 'text/plain', content: 'aGk=' }],
};

describe('canonicalJson', () => {
  it('sorts keys at every level and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
  });

  it('escapes strings like JSON', () => {
    expect(canonicalJson({ s: 'é"\n' })).toBe('{"s":"é\\"\\n"}');
  });
});

describe('sendPayloadHash', () => {
  const hash = sendPayloadHash(payload);

  it('is a SHA-256 hex digest, independent of key order', () => {
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const reordered = {
      text: 'Hello',
      subject: 'Your quote',
      attachments: payload.attachments,
      to: payload.to,
      domain_id: payload.domain_id,
    };
    expect(sendPayloadHash(reordered)).toBe(hash);
  });

  it('treats an omitted mailbox_id as null and omitted attachments as none', () => {
    const bare = { ...payload, attachments: undefined };
    expect(sendPayloadHash({ ...bare, mailbox_id: null, attachments: [] })).toBe(sendPayloadHash(bare));
    expect(sendPayloadHash({ ...payload, mailbox_id: null })).toBe(hash);
  });

  it.each([
    ['subject', { subject: 'Your quote!' }],
    ['text', { text: 'Hello ' }],
    ['to', { to: 'Lead@example.com' }],
    ['mailbox_id', { mailbox_id: '0d2e3f4a-8b7d-4c3e-9a1f-6f1c2a4e5b6c' }],
    ['attachment content', { attachments: [{ filename: 'a.txt', content_type: 'text/plain', content: 'aGl=' }] }],
    [
      'attachment order',
      { attachments: [...payload.attachments!, { filename: 'b.txt', content_type: 'text/plain', content: '' }].reverse() },
    ],
  ])('changes with the %s', (_what, change) => {
    expect(sendPayloadHash({ ...payload, ...change })).not.toBe(hash);
  });

  it('does not let field boundaries shift (subject "a", text "bc" ≠ subject "ab", text "c")', () => {
    expect(sendPayloadHash({ ...payload, subject: 'a', text: 'bc' })).not.toBe(
      sendPayloadHash({ ...payload, subject: 'ab', text: 'c' }),
    );
  });
});
