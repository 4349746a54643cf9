import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks';
import type { CallbackRequest } from '../carrier.port';
import { readTwilioCallback } from './twilio-callbacks';

const TOKEN = 'a'.repeat(32);
const URL_ = 'https://m.example.com/v1/carrier/callbacks/twilio?message_id=m-1';

function request(form: Record<string, string>, signature: string | undefined): CallbackRequest {
  return {
    provider: 'twilio',
    headers: signature === undefined ? {} : { 'x-twilio-signature': signature },
    rawBody: new URLSearchParams(form).toString(),
    url: URL_,
    query: new URL(URL_).searchParams,
  };
}

describe('readTwilioCallback (signed with the twilio library)', () => {
  it('reads a signed undelivered status with its error code as the reason', () => {
    const form = { MessageSid: 'SM1', MessageStatus: 'undelivered', ErrorCode: '30034' };
    expect(readTwilioCallback(TOKEN, request(form, getExpectedTwilioSignature(TOKEN, URL_, form)))).toEqual([
      expect.objectContaining({
        kind: 'status',
        carrierMessageId: 'SM1',
        status: 'failed',
        reason: expect.stringContaining('30034'),
      }),
    ]);
  });

  it('refuses a missing signature, another token, and a changed parameter', () => {
    const form = { MessageSid: 'SM1', MessageStatus: 'delivered' };
    expect(() => readTwilioCallback(TOKEN, request(form, undefined))).toThrow(/x-twilio-signature/);
    expect(() => readTwilioCallback(TOKEN, request(form, getExpectedTwilioSignature('b'.repeat(32), URL_, form)))).toThrow(
      /does not match/,
    );
    const signature = getExpectedTwilioSignature(TOKEN, URL_, form);
    expect(() => readTwilioCallback(TOKEN, request({ ...form, MessageStatus: 'failed' }, signature))).toThrow(/does not match/);
  });

  it('reads an inbound MMS with its media', () => {
    const form = {
      MessageSid: 'SM2',
      SmsStatus: 'received',
      From: '+12125550100',
      To: '+14155550142',
      Body: 'hi',
      NumMedia: '2',
    };
    const media = { ...form, MediaUrl0: 'https://api.twilio.com/m/0', MediaUrl1: 'https://api.twilio.com/m/1' };
    expect(readTwilioCallback(TOKEN, request(media, getExpectedTwilioSignature(TOKEN, URL_, media)))).toEqual([
      expect.objectContaining({
        kind: 'inbound',
        channel: 'mms',
        attachments: ['https://api.twilio.com/m/0', 'https://api.twilio.com/m/1'],
      }),
    ]);
  });
});
