import { decodeEnvelope, encodeEnvelope } from './envelope-codec';

const valid = {
  id: '3b241101-e2bb-4255-8caf-4136c566a962',
  type: 'company.created',
  version: 1,
  occurred_at: '2024-05-01T10:00:00.000Z',
  company_id: null,
  subject: 'c1',
  data: { id: 'c1' },
  traceparent: null,
};

describe('envelope codec', () => {
  it('round-trips an envelope', () => {
    expect(decodeEnvelope(encodeEnvelope(valid))).toEqual({ ok: true, envelope: valid });
    expect(decodeEnvelope(Buffer.from(encodeEnvelope(valid)))).toEqual({ ok: true, envelope: valid });
  });

  it.each([
    [null, 'empty message value'],
    ['{nope', 'message value is not JSON'],
    ['[1,2]', 'message value is not a JSON object'],
    [JSON.stringify({ ...valid, id: 'x' }), 'not an event envelope: id must be a uuid'],
    [JSON.stringify({ ...valid, type: '' }), 'not an event envelope: type must be a non-empty string'],
    [JSON.stringify({ ...valid, version: 1.5 }), 'not an event envelope: version must be a positive integer'],
    [JSON.stringify({ ...valid, occurred_at: 'yesterday' }), 'not an event envelope: occurred_at must be an ISO instant'],
    [JSON.stringify({ ...valid, company_id: 7 }), 'not an event envelope: company_id must be a string or null'],
    [JSON.stringify({ ...valid, subject: '' }), 'not an event envelope: subject must be a non-empty string'],
    [JSON.stringify({ ...valid, data: undefined }), 'not an event envelope: data is missing'],
    [JSON.stringify({ ...valid, traceparent: 5 }), 'not an event envelope: traceparent must be a string or null'],
  ])('rejects %s', (value, reason) => {
    expect(decodeEnvelope(value)).toEqual({ ok: false, reason });
  });

  it('accepts null data (a payload may be empty) but not a missing one', () => {
    expect(decodeEnvelope(JSON.stringify({ ...valid, data: null })).ok).toBe(true);
  });
});
