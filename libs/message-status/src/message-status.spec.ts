import {
  isMessageStatus,
  isTerminalStatus,
  MESSAGE_STATUSES,
  PUBLIC_MESSAGE_STATUSES,
  publicStatus,
  TERMINAL_STATUSES,
} from './message-status';

describe('message statuses', () => {
  /** The spec's statuses, sorted. */
  const SPEC_STATUSES = ['cancelled', 'delivered', 'failed', 'no_channel', 'queued', 'received', 'sent'];

  it('lists the spec statuses plus the internal sending', () => {
    expect([...MESSAGE_STATUSES].sort()).toEqual([...SPEC_STATUSES, 'sending'].sort());
  });

  it('keeps sending out of the public statuses', () => {
    expect([...PUBLIC_MESSAGE_STATUSES].sort()).toEqual(SPEC_STATUSES);
  });

  it('treats delivered, failed, cancelled, received and no_channel as terminal', () => {
    expect([...TERMINAL_STATUSES].sort()).toEqual(['cancelled', 'delivered', 'failed', 'no_channel', 'received']);
    expect(MESSAGE_STATUSES.filter(isTerminalStatus).sort()).toEqual([...TERMINAL_STATUSES].sort());
  });

  describe('publicStatus', () => {
    it.each([
      ['queued', 'queued'],
      ['sending', 'queued'],
      ['sent', 'sent'],
      ['delivered', 'delivered'],
      ['failed', 'failed'],
      ['cancelled', 'cancelled'],
      ['received', 'received'],
      ['no_channel', 'no_channel'],
    ] as const)('shows %s as %s', (status, shown) => {
      expect(publicStatus(status)).toBe(shown);
    });

    it('always yields a public status', () => {
      for (const status of MESSAGE_STATUSES) {
        expect(PUBLIC_MESSAGE_STATUSES).toContain(publicStatus(status));
      }
    });
  });

  describe('isMessageStatus', () => {
    it.each([...MESSAGE_STATUSES])('accepts %s', (status) => {
      expect(isMessageStatus(status)).toBe(true);
    });

    it.each(['QUEUED', '', 'toString', 'pending', null, undefined, 3])('rejects %p', (value) => {
      expect(isMessageStatus(value)).toBe(false);
    });
  });
});
