import { encodeEnvelope } from './envelope-codec';
import { newEvent } from './new-event';
import { checkPublishable } from './publishable-envelope';

const TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

const envelopeText = (
  name: unknown,
  options: { traceparent?: string | null; subject?: string; companyId?: string | null } = {},
) =>
  encodeEnvelope(
    newEvent('company.created', {
      companyId: options.companyId === undefined ? 'c-1' : options.companyId,
      subject: options.subject ?? 'company-1',
      data: { id: 'company-1', name: name as string, parent_company_id: null },
      traceparent: options.traceparent === undefined ? TRACEPARENT : options.traceparent,
    }).envelope,
  );

/** The same envelope in another key order: not encodeEnvelope's layout, so it takes the full check. */
const reordered = (text: string) => {
  const { traceparent, ...rest } = JSON.parse(text);
  return JSON.stringify({ traceparent, ...rest });
};

describe('checkPublishable', () => {
  it.each([
    ['with a traceparent', envelopeText('Acme'), TRACEPARENT],
    ['without a traceparent', envelopeText('Acme', { traceparent: null }), null],
    ['for a platform event (company_id null)', envelopeText('Acme', { companyId: null }), TRACEPARENT],
    ['holding non-ASCII text and a surrogate pair', envelopeText('Zoë 😀 東京'), TRACEPARENT],
    ['holding a nested "traceparent" key in its data', envelopeText({ traceparent: 'inner' }), TRACEPARENT],
  ])('publishes an envelope %s and reads its traceparent', (_label, text, traceparent) => {
    expect(checkPublishable(text)).toEqual({ ok: true, traceparent });
  });

  it.each([
    ['an escaped surrogate pair', envelopeText('smile').replace('"name":"smile"', '"name":"smile \\ud83d\\ude00"')],
    ['a literal backslash-u that is no escape', envelopeText('C:\\users')],
    ['an escaped control character', envelopeText('bell \u0007')],
    ['another key order', reordered(envelopeText('Acme'))],
    ['a quote in the subject', envelopeText('Acme', { subject: 'say "hi"' })],
    ['whitespace between tokens', JSON.stringify(JSON.parse(envelopeText('Acme')), null, 2)],
  ])('publishes an envelope with %s (full check)', (_label, text) => {
    expect(checkPublishable(text)).toEqual({ ok: true, traceparent: JSON.parse(text).traceparent });
  });

  it.each([
    ['a lone high surrogate in a value', envelopeText('hi \ud800')],
    ['a lone low surrogate in a value', envelopeText('hi \udc00 there')],
    ['an upper-case lone surrogate escape', envelopeText('x').replace('"name":"x"', '"name":"\\uD800"')],
    ['a lone surrogate in a key', envelopeText({ ['k\ud800']: 1 })],
    ['a lone surrogate in the subject', envelopeText('x', { subject: 'company-\udbff' })],
    ['a lone surrogate in another key order', reordered(envelopeText('hi \ud800'))],
  ])('refuses %s as lone_surrogate', (_label, text) => {
    expect(checkPublishable(text)).toMatchObject({ ok: false, reason: 'lone_surrogate' });
  });

  it.each([
    ['a value', envelopeText('nul \u0000 here')],
    ['a key', envelopeText({ ['k\u0000']: 1 })],
    ['an array item', envelopeText(['a', 'b\u0000'])],
    ['the traceparent', envelopeText('x', { traceparent: '00-\u0000' })],
  ])('refuses a NUL in %s as nul_character', (_label, text) => {
    expect(checkPublishable(text)).toMatchObject({ ok: false, reason: 'nul_character' });
  });

  it.each([
    ['an id that is no uuid', envelopeText('x').replace(/"id":"[^"]+"/, '"id":"not-a-uuid"'), /id must be a uuid/],
    ['an empty type', envelopeText('x').replace('"type":"company.created"', '"type":""'), /type must be a non-empty string/],
    ['a version of 0', envelopeText('x').replace('"version":1', '"version":0'), /version must be a positive integer/],
    [
      'an occurred_at that is no instant',
      envelopeText('x').replace(/"occurred_at":"[^"]+"/, '"occurred_at":"2024-13-45T99:00:00.000Z"'),
      /occurred_at/,
    ],
    ['no data', JSON.stringify({ ...JSON.parse(envelopeText('x')), data: undefined }), /data is missing/],
    [
      'a traceparent that is a number',
      envelopeText('x', { traceparent: null }).replace('"traceparent":null', '"traceparent":7'),
      /traceparent/,
    ],
    ['a JSON array', '[1,2]', /not a JSON object/],
  ])('refuses an envelope with %s as not_an_envelope', (_label, text, detail) => {
    const check = checkPublishable(text);
    expect(check).toMatchObject({ ok: false, reason: 'not_an_envelope' });
    expect(check.ok ? '' : check.detail).toMatch(detail);
  });

  it('never puts the payload into the detail (it may hold personal data)', () => {
    const check = checkPublishable(envelopeText('Jane Doe \ud800'));
    expect(check.ok ? '' : check.detail).not.toContain('Jane');
  });

  it('walks a deeply nested payload without overflowing the stack', () => {
    const deep = `${'['.repeat(20_000)}"bottom \\ud800"${']'.repeat(20_000)}`;
    const text = envelopeText('x').replace('"name":"x"', `"name":${deep}`);
    expect(checkPublishable(text)).toMatchObject({ ok: false, reason: 'lone_surrogate' });
  });

  it('judges the usual envelope without parsing it', () => {
    const text = envelopeText('Acme');
    const parse = jest.spyOn(JSON, 'parse');
    try {
      expect(checkPublishable(text)).toEqual({ ok: true, traceparent: TRACEPARENT });
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });
});
