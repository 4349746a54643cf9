import { MESSAGE_STATUSES, MessageStatus } from './message-status';
import {
  allowedFrom,
  canTransition,
  initialStatus,
  MESSAGE_STATUS_EVENTS,
  MessageStatusEvent,
  MessageStatusMachine,
  targetOf,
  transition,
  TransitionRefusalReason,
  TransitionResult,
} from './message-status-machine';

// The expected machine, written out by hand from the product rules rather than derived from
// the implementation's table, so a wrong edit there fails here.
const STATES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'cancelled', 'received', 'no_channel'] as const;
const EVENTS = ['claim', 'requeue', 'accept', 'reject', 'deliver', 'fail_delivery', 'cancel', 'mark_no_channel'] as const;

const ok = (to: MessageStatus): TransitionResult => ({ ok: true, to });
const no = (reason: TransitionRefusalReason): TransitionResult => ({ ok: false, reason });
const DUP = no('duplicate');
const END = no('terminal');
const NOT = no('not_allowed');

// prettier-ignore
const EXPECTED: Record<(typeof STATES)[number], readonly TransitionResult[]> = {
  //            claim           requeue       accept      reject        deliver            fail_delivery  cancel             mark_no_channel
  queued:     [ok('sending'),  DUP,          NOT,        NOT,          NOT,               NOT,           ok('cancelled'),   ok('no_channel')],
  sending:    [DUP,            ok('queued'), ok('sent'), ok('failed'), NOT,               NOT,           ok('cancelled'),   ok('no_channel')],
  sent:       [NOT,            NOT,          DUP,        NOT,          ok('delivered'),   ok('failed'),  NOT,               NOT],
  delivered:  [END,            END,          END,        END,          DUP,               END,           END,               END],
  failed:     [END,            END,          END,        DUP,          END,               DUP,           END,               END],
  cancelled:  [END,            END,          END,        END,          END,               END,           DUP,               END],
  received:   [END,            END,          END,        END,          END,               END,           END,               END],
  no_channel: [END,            END,          END,        END,          END,               END,           END,               DUP],
};

const PAIRS = STATES.flatMap((state) => EVENTS.map((event, column) => ({ state, event, expected: EXPECTED[state][column] })));

// Every edge of the graph, again by hand; every other (from, to) pair is not a transition.
const EDGES: ReadonlyArray<readonly [MessageStatus, MessageStatus]> = [
  ['queued', 'sending'],
  ['queued', 'cancelled'],
  ['queued', 'no_channel'],
  ['sending', 'queued'],
  ['sending', 'sent'],
  ['sending', 'failed'],
  ['sending', 'cancelled'],
  ['sending', 'no_channel'],
  ['sent', 'delivered'],
  ['sent', 'failed'],
];

describe('MessageStatusMachine', () => {
  it('covers exactly the states and events the expected table covers', () => {
    expect([...MESSAGE_STATUSES].sort()).toEqual([...STATES].sort());
    expect([...MESSAGE_STATUS_EVENTS].sort()).toEqual([...EVENTS].sort());
    expect(PAIRS).toHaveLength(64);
  });

  describe('transition(state, event) for every pair', () => {
    it.each(PAIRS)('$state --$event--> $expected', ({ state, event, expected }) => {
      expect(transition(state, event)).toEqual(expected);
    });
  });

  describe('allowedFrom(event) and targetOf(event)', () => {
    it.each(EVENTS)('%s is legal exactly from the states the expected table allows', (event) => {
      const column = EVENTS.indexOf(event);
      const legal = STATES.filter((state) => EXPECTED[state][column].ok);
      expect([...allowedFrom(event)].sort()).toEqual([...legal].sort());
    });

    it.each(EVENTS)('%s has a single target state', (event) => {
      const column = EVENTS.indexOf(event);
      const targets = new Set(
        STATES.flatMap((state) => {
          const result = EXPECTED[state][column];
          return result.ok ? [result.to] : [];
        }),
      );
      expect(targets.size).toBe(1);
      expect(targetOf(event)).toBe([...targets][0]);
    });
  });

  describe('canTransition(from, to) for every pair', () => {
    const pairs = STATES.flatMap((from) =>
      STATES.map((to) => ({ from, to, expected: EDGES.some(([a, b]) => a === from && b === to) })),
    );

    it('checks all 64 pairs', () => {
      expect(pairs).toHaveLength(64);
    });

    it.each(pairs)('$from -> $to is $expected', ({ from, to, expected }) => {
      expect(canTransition(from, to)).toBe(expected);
    });
  });

  describe('domain rules worth naming', () => {
    it('refuses a delivered receipt that arrives after failed (out-of-order carrier receipts)', () => {
      expect(transition('failed', 'deliver')).toEqual({ ok: false, reason: 'terminal' });
    });

    it('refuses a repeated delivered receipt as a duplicate', () => {
      expect(transition('delivered', 'deliver')).toEqual({ ok: false, reason: 'duplicate' });
    });

    it('does not let the carrier accept a message that was never claimed', () => {
      expect(transition('queued', 'accept')).toEqual({ ok: false, reason: 'not_allowed' });
    });

    it('lets an in-flight message be cancelled but not a sent one', () => {
      expect(transition('sending', 'cancel')).toEqual({ ok: true, to: 'cancelled' });
      expect(transition('sent', 'cancel')).toEqual({ ok: false, reason: 'not_allowed' });
    });
  });

  describe('untrusted input', () => {
    it('refuses an unknown state without throwing', () => {
      expect(transition('bogus' as MessageStatus, 'claim')).toEqual({ ok: false, reason: 'unknown_state' });
    });

    it('refuses an unknown event without throwing', () => {
      expect(transition('queued', 'bogus' as MessageStatusEvent)).toEqual({ ok: false, reason: 'unknown_event' });
    });

    it('refuses inherited object keys as events', () => {
      expect(transition('queued', 'toString' as MessageStatusEvent)).toEqual({ ok: false, reason: 'unknown_event' });
      expect(allowedFrom('constructor' as MessageStatusEvent)).toEqual([]);
    });

    it('has no sources or target for an unknown event', () => {
      expect(allowedFrom('bogus' as MessageStatusEvent)).toEqual([]);
      expect(targetOf('bogus' as MessageStatusEvent)).toBeNull();
    });

    it('is not a transition to or from an unknown state', () => {
      expect(canTransition('bogus' as MessageStatus, 'queued')).toBe(false);
      expect(canTransition('queued', 'bogus' as MessageStatus)).toBe(false);
    });
  });

  describe('initialStatus(creation event)', () => {
    it.each([
      ['create', 'queued'],
      ['create_no_channel', 'no_channel'],
      ['receive', 'received'],
    ] as const)('%s starts in %s', (event, expected) => {
      expect(initialStatus(event)).toBe(expected);
    });
  });

  it('exposes the same functions under MessageStatusMachine', () => {
    expect(MessageStatusMachine.transition('queued', 'claim')).toEqual({ ok: true, to: 'sending' });
    expect(MessageStatusMachine.allowedFrom('cancel')).toEqual(allowedFrom('cancel'));
    expect(MessageStatusMachine.canTransition('sent', 'delivered')).toBe(true);
    expect(MessageStatusMachine.initialStatus('receive')).toBe('received');
  });
});
