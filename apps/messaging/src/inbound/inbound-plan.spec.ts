import { planInbound } from './inbound-plan';
import { classifyInbound } from './keywords';

type Contact = { optedOut: boolean; pinnedFromNumber: string | null };
const subscribed: Contact = { optedOut: false, pinnedFromNumber: '+14155550101' };
const optedOut: Contact = { optedOut: true, pinnedFromNumber: '+14155550101' };
const plan = (body: string, contact = subscribed, active = true) => planInbound(classifyInbound(body), contact, active);

describe('planInbound', () => {
  it.each(['STOP', 'stop', '  Stop  ', 'STOPALL', 'unsubscribe', 'Cancel', 'END', 'quit', 'REVOKE', 'OptOut'])(
    '%p opts a subscribed contact out and confirms once',
    (body) => {
      expect(plan(body)).toEqual({ optOut: true, optIn: false, reply: 'opt_out_confirmation', pinWrittenNumber: false });
    },
  );

  it('a second opt-out keyword changes nothing and is not confirmed again', () => {
    expect(plan('STOP', optedOut)).toEqual({ optOut: false, optIn: false, reply: null, pinWrittenNumber: false });
  });

  it.each(['START', 'unstop', ' Yes '])('%p opts an opted-out contact back in, and is only a message otherwise', (body) => {
    expect(plan(body, optedOut)).toMatchObject({ optOut: false, optIn: true, reply: null });
    expect(plan(body)).toMatchObject({ optOut: false, optIn: false, reply: null });
  });

  it.each(['HELP', 'info'])('%p gets the help reply, opted out or not', (body) => {
    expect(plan(body)).toMatchObject({ reply: 'help', optOut: false, optIn: false });
    expect(plan(body, optedOut)).toMatchObject({ reply: 'help' });
  });

  it('an ordinary message (even one containing a keyword) does nothing but be stored', () => {
    expect(plan('stop texting me please')).toEqual({ optOut: false, optIn: false, reply: null, pinWrittenNumber: false });
  });

  it('pins the number written to only for a contact without a pin, and only while the number is active', () => {
    const unpinned: Contact = { optedOut: false, pinnedFromNumber: null };
    expect(plan('hi', unpinned, true).pinWrittenNumber).toBe(true);
    expect(plan('hi', unpinned, false).pinWrittenNumber).toBe(false);
    expect(plan('hi', subscribed, true).pinWrittenNumber).toBe(false);
  });
});
