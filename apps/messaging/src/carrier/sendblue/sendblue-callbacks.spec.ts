import { CallbackRejectedError } from '../carrier-errors';
import type { CallbackRequest } from '../carrier.port';
import { readSendblueCallback } from './sendblue-callbacks';

const secrets = { signingSecret: 'signing-secret-1', callbackToken: 't'.repeat(40) };
const delivered = JSON.stringify({ message_handle: 'h-1', status: 'DELIVERED', is_outbound: true, was_downgraded: false });
const request = (query: string, headers: Record<string, string>, rawBody = delivered): CallbackRequest => ({
  provider: 'sendblue',
  headers,
  rawBody,
  url: `https://m.example.com/v1/carrier/callbacks/sendblue?${query}`,
  query: new URLSearchParams(query),
});
const reason = (call: () => unknown) => {
  try {
    call();
  } catch (error) {
    return (error as CallbackRejectedError).reason;
  }
  return 'accepted';
};

describe('readSendblueCallback', () => {
  const good = { 'sb-signing-secret': secrets.signingSecret };

  it('reads a delivered status with the right secret and token', () => {
    expect(readSendblueCallback(secrets, request(`token=${secrets.callbackToken}`, good))).toEqual([
      expect.objectContaining({ kind: 'status', carrierMessageId: 'h-1', status: 'delivered' }),
    ]);
  });

  it('carries our message id from the status callback URL on the receipt', () => {
    expect(
      readSendblueCallback(
        secrets,
        request(`token=${secrets.callbackToken}&message_id=6b1f0f4e-1c1a-4d5e-9f00-000000000001`, good),
      ),
    ).toEqual([expect.objectContaining({ messageId: '6b1f0f4e-1c1a-4d5e-9f00-000000000001' })]);
  });

  it('refuses a wrong secret, a missing header, a missing or wrong token (all 401 reasons)', () => {
    expect(
      reason(() => readSendblueCallback(secrets, request(`token=${secrets.callbackToken}`, { 'sb-signing-secret': 'nope' }))),
    ).toBe('bad_signature');
    expect(reason(() => readSendblueCallback(secrets, request(`token=${secrets.callbackToken}`, {})))).toBe('missing_signature');
    expect(reason(() => readSendblueCallback(secrets, request('', good)))).toBe('missing_signature');
    expect(reason(() => readSendblueCallback(secrets, request(`token=${'x'.repeat(40)}`, good)))).toBe('bad_signature');
  });

  it('maps ERROR to a downgraded failure, was_downgraded to no verdict until DELIVERED, inbound to an inbound text', () => {
    const token = `token=${secrets.callbackToken}`;
    const error = JSON.stringify({
      message_handle: 'h-2',
      status: 'ERROR',
      is_outbound: true,
      error_code: 10001,
      error_message: 'failed',
    });
    expect(readSendblueCallback(secrets, request(token, good, error))).toEqual([
      expect.objectContaining({ status: 'failed', downgraded: true, reason: 'sendblue 10001: failed' }),
    ]);
    const queued = JSON.stringify({ message_handle: 'h-3', status: 'QUEUED', is_outbound: true });
    expect(readSendblueCallback(secrets, request(token, good, queued))).toEqual([]);
    // Downgraded on its way: Sendblue carries it as SMS itself, so no verdict yet (a resend would text twice).
    const sentAsSms = JSON.stringify({ message_handle: 'h-5', status: 'SENT', is_outbound: true, was_downgraded: true });
    expect(readSendblueCallback(secrets, request(token, good, sentAsSms))).toEqual([]);
    const deliveredAsSms = JSON.stringify({
      message_handle: 'h-6',
      status: 'DELIVERED',
      is_outbound: true,
      was_downgraded: true,
    });
    expect(readSendblueCallback(secrets, request(token, good, deliveredAsSms))).toEqual([
      expect.objectContaining({ status: 'delivered', downgraded: true }),
    ]);
    const inbound = JSON.stringify({
      message_handle: 'h-4',
      status: 'RECEIVED',
      is_outbound: false,
      from_number: '+12125550100',
      to_number: '+14155550142',
      content: 'STOP',
      service: 'iMessage',
    });
    expect(readSendblueCallback(secrets, request(token, good, inbound))).toEqual([
      expect.objectContaining({ kind: 'inbound', from: '+12125550100', to: '+14155550142', body: 'STOP', channel: 'imessage' }),
    ]);
  });
});
