import { aSendRequest } from '../testing/send-request.builder';
import { pickLostTwilioMessage, type TwilioMessage } from './twilio-carrier';

describe('pickLostTwilioMessage (the lookup of a lost Twilio hand-off)', () => {
  const since = new Date('2030-03-04T10:00:00Z');
  const request = aSendRequest({ body: 'See you at 5', channel: 'sms' });
  const ours = (sid: string, minutes: number, more: Partial<TwilioMessage> = {}): TwilioMessage => ({
    sid,
    body: 'See you at 5',
    direction: 'outbound-api',
    num_media: '0',
    date_created: new Date(since.getTime() + minutes * 60_000).toUTCString(),
    ...more,
  });

  it('takes the oldest message with our body created within the window (Twilio lists newest first)', () => {
    expect(pickLostTwilioMessage([ours('SM3', 2), ours('SM2', 1), ours('SM1', 0)], request, since, new Set())?.sid).toBe('SM1');
  });

  it('never one another message of ours holds', () => {
    expect(pickLostTwilioMessage([ours('SM2', 1), ours('SM1', 0)], request, since, new Set(['SM1']))?.sid).toBe('SM2');
    expect(pickLostTwilioMessage([ours('SM1', 0)], request, since, new Set(['SM1']))).toBeUndefined();
  });

  it('not another text, an inbound one, another number of media, or one created outside the window', () => {
    const others = [
      ours('SMa', 0, { body: 'See you at 6' }),
      ours('SMb', 0, { direction: 'inbound' }),
      ours('SMc', 0, { num_media: '2' }),
      ours('SMd', -6),
      ours('SMe', 6),
      ours('SMf', 0, { date_created: null }),
    ];
    expect(pickLostTwilioMessage(others, request, since, new Set())).toBeUndefined();
  });

  it('counts an MMS by its attachments', () => {
    const mms = aSendRequest({
      body: 'See you at 5',
      channel: 'mms',
      attachments: ['https://e.com/1.jpg', 'https://e.com/2.jpg'],
    });
    expect(pickLostTwilioMessage([ours('SM1', 0, { num_media: '2' })], mms, since, new Set())?.sid).toBe('SM1');
    expect(pickLostTwilioMessage([ours('SM1', 0)], mms, since, new Set())).toBeUndefined();
  });
});
