import { aSendRequest } from '../testing/send-request.builder';
import { sandboxCapability, sandboxCarrierMessageId, sandboxHandOff, sandboxReceipt } from './sandbox-rules';

const request = aSendRequest;

describe('sandboxCapability (last digit of the national number)', () => {
  const IPHONE = { imessage: true, sms: true, mms: true };
  const ANDROID = { imessage: false, sms: true, mms: true };
  const BASIC = { imessage: false, sms: true, mms: false };
  const LANDLINE = { imessage: false, sms: false, mms: false };

  it.each([
    ['+12125550100', IPHONE],
    ['+12125550105', IPHONE],
    ['2125550103', IPHONE], // 10-digit US
    ['+447911123455', IPHONE],
    ['+12125550106', ANDROID],
    ['+12125550107', ANDROID],
    ['+12125550108', BASIC],
    ['+12125550109', LANDLINE],
    ['not a number', LANDLINE],
    ['+1555', LANDLINE],
  ])('%s → %j', (phone, capability) => {
    expect(sandboxCapability(phone)).toEqual(capability);
  });
});

describe('sandboxHandOff', () => {
  it('accepts a message on a channel the number has', () => {
    expect(sandboxHandOff(request(), true)).toEqual({ kind: 'accept' });
    expect(sandboxHandOff(request({ to: '+12125550108', channel: 'sms' }), true)).toEqual({ kind: 'accept' });
  });

  it('refuses for good a body with [sandbox:reject]', () => {
    expect(sandboxHandOff(request({ body: 'hi [sandbox:reject]' }), false)).toMatchObject({
      kind: 'reject',
      code: 'content_rejected',
    });
  });

  it.each([
    ['iMessage to an Android number', { to: '+12125550106', channel: 'imessage' as const }],
    ['MMS to a basic phone', { to: '+12125550108', channel: 'mms' as const }],
    ['SMS to a landline', { to: '+12125550109', channel: 'sms' as const }],
  ])('refuses for good %s', (_case, overrides) => {
    expect(sandboxHandOff(request(overrides), true)).toMatchObject({ kind: 'reject', code: 'channel_unsupported' });
  });

  it('is unavailable on the first attempt only with [sandbox:unavailable]', () => {
    expect(sandboxHandOff(request({ body: '[sandbox:unavailable] hi' }), true)).toMatchObject({ kind: 'unavailable' });
    expect(sandboxHandOff(request({ body: '[sandbox:unavailable] hi' }), false)).toEqual({ kind: 'accept' });
  });
});

describe('sandboxReceipt', () => {
  it.each([
    ['+12125550100', 'Hello', 'delivered'],
    ['+12125550113', 'Hello', 'failed'],
    ['+12125551313', 'Hello', 'failed'],
    ['+12125550131', 'Hello', 'delivered'],
    ['+12125550100', 'Hello [sandbox:fail]', 'failed'],
  ])('%s with %j → %s', (to, body, status) => {
    expect(sandboxReceipt(to, body).status).toBe(status);
  });
});

describe('sandboxCarrierMessageId', () => {
  it('is stable per message id and distinct across ids', () => {
    expect(sandboxCarrierMessageId('msg_1')).toBe(sandboxCarrierMessageId('msg_1'));
    expect(sandboxCarrierMessageId('msg_1')).not.toBe(sandboxCarrierMessageId('msg_2'));
    expect(sandboxCarrierMessageId('msg_1')).toMatch(/^sbx_[0-9a-f]{24}$/);
  });
});
