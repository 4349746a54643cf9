import { bodyForChannel, chooseChannel, effectApplies, type ChannelChoice } from './channel-choice';

describe('chooseChannel', () => {
  const cap = (imessage: boolean, sms: boolean, mms: boolean) => ({ imessage, sms, mms });

  it.each<[string, ReturnType<typeof cap>, boolean, ChannelChoice]>([
    ['iPhone, text', cap(true, true, true), false, 'imessage'],
    ['iPhone, attachments', cap(true, true, true), true, 'imessage'],
    ['iMessage only (no cellular), attachments', cap(true, false, false), true, 'imessage'],
    ['Android, text', cap(false, true, true), false, 'sms'],
    ['Android, attachments', cap(false, true, true), true, 'mms'],
    ['SMS-only phone, text', cap(false, true, false), false, 'sms'],
    ['SMS-only phone, attachments (sent as links)', cap(false, true, false), true, 'sms'],
    ['MMS but no SMS, text', cap(false, false, true), false, 'no_channel'],
    ['MMS but no SMS, attachments', cap(false, false, true), true, 'mms'],
    ['landline, text', cap(false, false, false), false, 'no_channel'],
    ['landline, attachments', cap(false, false, false), true, 'no_channel'],
  ])('%s → %s', (_case, capability, hasAttachments, expected) => {
    expect(chooseChannel(capability, hasAttachments)).toBe(expected);
  });
});

describe('effectApplies', () => {
  it.each<[ChannelChoice, boolean]>([
    ['imessage', true],
    ['sms', false],
    ['mms', false],
    ['no_channel', false],
  ])('%s → %s', (channel, applies) => {
    expect(effectApplies(channel)).toBe(applies);
  });
});

describe('bodyForChannel', () => {
  const links = ['https://cdn.example.com/a.jpg', 'https://cdn.example.com/b.pdf'];

  it('appends attachment links to an SMS', () => {
    expect(bodyForChannel('sms', 'See attached', links)).toBe(
      'See attached\nhttps://cdn.example.com/a.jpg\nhttps://cdn.example.com/b.pdf',
    );
  });

  it.each(['imessage', 'mms'] as const)('leaves the body of %s alone (attachments travel as attachments)', (channel) => {
    expect(bodyForChannel(channel, 'See attached', links)).toBe('See attached');
  });

  it('leaves a text-only SMS alone', () => {
    expect(bodyForChannel('sms', 'Hello', [])).toBe('Hello');
  });
});
