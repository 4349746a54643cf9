import { VoiceCallbackRejectedError } from './voice-errors';
import { decodeVoiceCallbacks, encodeVoiceCallbacks } from './voice-callback-codec';
import { SignedVoiceCallbacks } from './signed-voice-callbacks';
import type { VoiceCallback } from './voice-provider.port';

const context = { companyId: '12', contactId: '7', campaignId: null, agentId: '3' };
const at = new Date('2026-01-01T10:00:00.000Z');
const started: VoiceCallback = {
  kind: 'started',
  callId: 'sbx_call_1',
  at,
  context,
  direction: 'outbound',
  from: '+12125550100',
  to: '+13105550111',
};
const ended: VoiceCallback = {
  kind: 'ended',
  callId: 'sbx_call_1',
  at,
  context,
  durationSeconds: 95,
  hangupReason: 'user_hangup',
  callSuccessful: true,
  sentiment: 'Positive',
  disposition: 'interested',
  transcription: 'Hi',
  recordingUrl: 'https://example.com/r.mp3',
  tags: ['x'],
  customFields: { a: { b: 1 } },
  from: '+12125550100',
  answeredAt: at,
};

function rejection(body: string): string {
  try {
    decodeVoiceCallbacks(body);
  } catch (error) {
    expect(error).toBeInstanceOf(VoiceCallbackRejectedError);
    expect((error as VoiceCallbackRejectedError).reason).toBe('malformed_body');
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('voice callback codec', () => {
  it('round-trips every kind, one as an object and several as an array', () => {
    const all: VoiceCallback[] = [
      started,
      { kind: 'answered', callId: 'sbx_call_1', at, context },
      { kind: 'transferred', callId: 'sbx_call_1', at, context, transferredTo: '+13105550199' },
      ended,
    ];
    expect(decodeVoiceCallbacks(encodeVoiceCallbacks(all))).toEqual(all);
    const one = encodeVoiceCallbacks([started]);
    expect(JSON.parse(one)).toMatchObject({
      kind: 'started',
      call_id: 'sbx_call_1',
      context: { company_id: '12', contact_id: '7' },
    });
    expect(decodeVoiceCallbacks(Buffer.from(one))).toEqual([started]);
  });

  it('accepts integer context ids and omitted optional outcome fields', () => {
    const body = JSON.stringify({
      kind: 'ended',
      call_id: 'c',
      at: '2026-01-01T10:00:00Z',
      context: { company_id: 12 },
      duration_seconds: 0,
    });
    expect(decodeVoiceCallbacks(body)[0]).toMatchObject({
      context: { companyId: '12', contactId: null },
      hangupReason: null,
      tags: [],
      customFields: {},
    });
  });

  it.each([
    ['not JSON', 'nope', /not JSON/],
    ['a scalar', '42', /must be a JSON object/],
    ['an empty array', '[]', /1 to 1000/],
    ['an unknown kind', '{"kind":"rang"}', /kind must be/],
    ['an unknown field', JSON.stringify({ ...JSON.parse(encodeVoiceCallbacks([started])), extra: 1 }), /unknown field/],
    ['a bad number', encodeVoiceCallbacks([started]).replace('+13105550111', '555'), /to must be E\.164/],
    ['a bad company id', encodeVoiceCallbacks([started]).replace('"12"', '"0x1"'), /company_id/],
    ['a bad date', encodeVoiceCallbacks([started]).replace('2026-01-01T10:00:00.000Z', '2026-13-45'), /at must be/],
    [
      'a negative duration',
      encodeVoiceCallbacks([ended]).replace('"duration_seconds":95', '"duration_seconds":-1'),
      /duration_seconds/,
    ],
    [
      'a huge duration',
      encodeVoiceCallbacks([ended]).replace('"duration_seconds":95', '"duration_seconds":1e308'),
      /duration_seconds/,
    ],
    ['an http recording', encodeVoiceCallbacks([ended]).replace('https://', 'http://'), /https URL/],
    ['a long disposition', encodeVoiceCallbacks([ended]).replace('"interested"', JSON.stringify('x'.repeat(101))), /disposition/],
    ['an unknown sentiment', encodeVoiceCallbacks([ended]).replace('"Positive"', '"Happy"'), /sentiment/],
    ['a NUL', encodeVoiceCallbacks([started]).replace('sbx_call_1', 'sbx\\u0000'), /refused/],
  ])('refuses %s as malformed_body', (_what, body, message) => {
    expect(rejection(body)).toMatch(message);
  });

  it('signs and verifies the bytes as sent', () => {
    const signed = new SignedVoiceCallbacks('s'.repeat(32), () => at);
    const { headers, rawBody } = signed.write([started]);
    expect(headers['x-voice-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(headers['x-voice-timestamp']).toBe(String(at.getTime() / 1000));
    expect(signed.read(headers, rawBody)).toEqual([started]);
    expect(() => signed.read(headers, rawBody.replace('outbound', 'inbound'))).toThrow(
      expect.objectContaining({ reason: 'bad_signature' }),
    );
    const later = new SignedVoiceCallbacks('s'.repeat(32), () => new Date(at.getTime() + 301_000));
    expect(() => later.read(headers, rawBody)).toThrow(expect.objectContaining({ reason: 'stale' }));
    expect(() => signed.read({}, rawBody)).toThrow(expect.objectContaining({ reason: 'missing_signature' }));
  });
});
