import { decodeCallback, decodeCallbacks, encodeCallback, encodeCallbacks, MAX_CALLBACKS_PER_BODY } from './callback-codec';
import { CallbackRejectedError } from './carrier-errors';
import type { CarrierCallback } from './carrier.port';

const at = new Date('2025-06-02T15:00:00.000Z');

describe('callback codec', () => {
  it.each<[string, CarrierCallback]>([
    ['a delivered receipt', { kind: 'status', carrierMessageId: 'sbx_1', status: 'delivered', at }],
    [
      'a failed receipt with its reason',
      { kind: 'status', carrierMessageId: 'sbx_2', status: 'failed', reason: 'unreachable handset', at },
    ],
    [
      'an inbound message',
      { kind: 'inbound', carrierMessageId: 'sbx_in_3', from: '+12125550100', to: '+13105550199', body: 'STOP', at },
    ],
    [
      'an inbound message with its channel',
      {
        kind: 'inbound',
        carrierMessageId: 'sbx_in_5',
        from: '+12125550100',
        to: '+13105550199',
        body: 'hi',
        at,
        channel: 'imessage',
      },
    ],
    [
      'an inbound message with an empty body',
      { kind: 'inbound', carrierMessageId: 'sbx_in_4', from: '+12125550100', to: '+13105550199', body: '', at },
    ],
  ])('round-trips %s', (_case, callback) => {
    expect(decodeCallback(Buffer.from(encodeCallback(callback)))).toEqual(callback);
  });

  it('writes snake_case JSON with an ISO timestamp', () => {
    expect(JSON.parse(encodeCallback({ kind: 'status', carrierMessageId: 'sbx_1', status: 'delivered', at }))).toEqual({
      kind: 'status',
      carrier_message_id: 'sbx_1',
      status: 'delivered',
      at: '2025-06-02T15:00:00.000Z',
    });
  });

  it.each([
    ['not JSON', 'delivered', /not JSON/],
    ['an array', '[]', /JSON object/],
    ['an unknown kind', '{"kind":"read","carrier_message_id":"x","at":"2025-06-02T15:00:00Z"}', /kind must be/],
    [
      'an unknown status',
      '{"kind":"status","carrier_message_id":"x","status":"read","at":"2025-06-02T15:00:00Z"}',
      /status must be/,
    ],
    ['a missing id', '{"kind":"status","status":"delivered","at":"2025-06-02T15:00:00Z"}', /carrier_message_id/],
    [
      'a reason that is not text',
      '{"kind":"status","carrier_message_id":"x","status":"failed","reason":5,"at":"2025-06-02T15:00:00Z"}',
      /reason/,
    ],
    ['a bad date', '{"kind":"status","carrier_message_id":"x","status":"delivered","at":"yesterday"}', /at must be/],
    [
      'an impossible date',
      '{"kind":"status","carrier_message_id":"x","status":"delivered","at":"2025-13-45T99:00:00Z"}',
      /at must be/,
    ],
    [
      'an inbound without from',
      '{"kind":"inbound","carrier_message_id":"x","to":"+1","body":"hi","at":"2025-06-02T15:00:00Z"}',
      /from must be/,
    ],
    [
      'an inbound with an unknown channel',
      '{"kind":"inbound","carrier_message_id":"x","from":"+1","to":"+1","body":"hi","at":"2025-06-02T15:00:00Z","channel":"fax"}',
      /channel must be/,
    ],
    [
      'an inbound body that is not text',
      '{"kind":"inbound","carrier_message_id":"x","from":"+1","to":"+1","body":null,"at":"2025-06-02T15:00:00Z"}',
      /body must be/,
    ],
  ])('refuses %s', (_case, raw, message) => {
    expect(() => decodeCallback(raw)).toThrow(CallbackRejectedError);
    expect(() => decodeCallback(raw)).toThrow(message);
  });

  describe('several callbacks in one body', () => {
    const receipts: CarrierCallback[] = [
      { kind: 'status', carrierMessageId: 'sbx_1', status: 'delivered', at },
      { kind: 'status', carrierMessageId: 'sbx_2', status: 'failed', reason: 'unreachable handset', at },
      { kind: 'inbound', carrierMessageId: 'sbx_in_3', from: '+12125550100', to: '+13105550199', body: 'STOP', at },
    ];

    it('round-trips a list in its order, as a JSON array', () => {
      const raw = encodeCallbacks(receipts);
      expect(Array.isArray(JSON.parse(raw))).toBe(true);
      expect(decodeCallbacks(Buffer.from(raw))).toEqual(receipts);
    });

    it('writes one callback as the plain object, which both readers take', () => {
      const raw = encodeCallbacks([receipts[0]!]);
      expect(raw).toBe(encodeCallback(receipts[0]!));
      expect(decodeCallbacks(raw)).toEqual([receipts[0]]);
      expect(decodeCallback(raw)).toEqual(receipts[0]);
    });

    it.each([
      ['an empty array', '[]', /1 to/],
      [
        'an array with a non-object',
        '[{"kind":"status","carrier_message_id":"x","status":"delivered","at":"2025-06-02T15:00:00Z"}, 5]',
        /item 1/,
      ],
      [
        'an array with a bad item',
        '[{"kind":"status","carrier_message_id":"x","status":"read","at":"2025-06-02T15:00:00Z"}]',
        /status must be/,
      ],
      ['a bare string', '"hello"', /JSON object/],
      [
        'a NUL in an inbound body',
        '{"kind":"inbound","carrier_message_id":"x","from":"+12125550123","to":"+14155550100","body":"a\\u0000","at":"2025-06-02T15:00:00Z"}',
        /body must not contain NUL/,
      ],
      [
        'a lone surrogate in an inbound body',
        '{"kind":"inbound","carrier_message_id":"x","from":"+12125550123","to":"+14155550100","body":"\\ud800","at":"2025-06-02T15:00:00Z"}',
        /body must be well-formed Unicode/,
      ],
      ['nesting 2,000 deep', `[${'['.repeat(2000)}${']'.repeat(2000)}]`, /nests objects and arrays/],
    ])('refuses %s', (_case, raw, message) => {
      expect(() => decodeCallbacks(raw)).toThrow(CallbackRejectedError);
      expect(() => decodeCallbacks(raw)).toThrow(message);
    });

    it('holds at most MAX_CALLBACKS_PER_BODY', () => {
      const many = Array.from({ length: MAX_CALLBACKS_PER_BODY + 1 }, () => receipts[0]!);
      expect(() => encodeCallbacks(many)).toThrow(RangeError);
      expect(() => decodeCallbacks(`[${many.map((callback) => encodeCallback(callback)).join(',')}]`)).toThrow(/1 to/);
    });
  });
});
