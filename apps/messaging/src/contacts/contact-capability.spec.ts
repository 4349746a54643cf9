import { sandboxCapability } from '../carrier/sandbox/sandbox-rules';
import { chooseChannel } from '../send-rules/channel-choice';
import { fromContactCapability, toContactCapability } from './contact-capability';

describe('contact capability cache', () => {
  it.each([
    ['+12125550120', 'imessage'],
    ['+12125550126', 'mms'],
    ['+12125550128', 'sms'],
    ['+12125550129', 'none'],
  ])('stores %s as %s and reads it back to the same channel choice', (phone, stored) => {
    const capability = sandboxCapability(phone);
    expect(toContactCapability(capability)).toBe(stored);
    const cached = fromContactCapability(toContactCapability(capability));
    for (const hasAttachments of [false, true])
      expect(chooseChannel(cached, hasAttachments)).toBe(chooseChannel(capability, hasAttachments));
  });
});
