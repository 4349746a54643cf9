import { decidePin } from './pin-decision';

const pool = [
  { number: '+14155550103', pinnedConversations: 2 },
  { number: '+14155550102', pinnedConversations: 1 },
  { number: '+14155550101', pinnedConversations: 1 },
];

describe('decidePin', () => {
  it('keeps an active pinned number', () => {
    expect(decidePin({ number: '+14155550103', active: true }, pool)).toEqual({ kind: 'keep', number: '+14155550103' });
  });

  it('pins a new conversation to the number with the fewest conversations, ties by number', () => {
    expect(decidePin({ number: null, active: false }, pool)).toEqual({
      kind: 'pin',
      number: '+14155550101',
      previous: null,
      reason: 'first_message',
    });
  });

  it('re-pins a conversation whose number left the pool', () => {
    expect(decidePin({ number: '+14155550199', active: false }, pool)).toEqual({
      kind: 'pin',
      number: '+14155550101',
      previous: '+14155550199',
      reason: 'number_removed',
    });
  });

  it('has nothing to offer from an empty pool', () => {
    expect(decidePin({ number: null, active: false }, [])).toEqual({ kind: 'no_number' });
    expect(decidePin({ number: '+14155550199', active: false }, [])).toEqual({ kind: 'no_number' });
  });
});
