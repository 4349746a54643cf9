import { decidePin, poolNumberFor } from './pin-decision';

const pool = ['+14155550103', '+14155550101', '+14155550102'];
const phone = '+12125550123';

describe('poolNumberFor', () => {
  it('is deterministic and does not depend on the order the pool is given in', () => {
    const chosen = poolNumberFor(phone, pool);
    expect(pool).toContain(chosen);
    expect(poolNumberFor(phone, [...pool].reverse())).toBe(chosen);
    expect(poolNumberFor(phone, pool)).toBe(chosen);
  });

  it('spreads consecutive phone numbers evenly over the pool', () => {
    const counts = new Map<string, number>(pool.map((n) => [n, 0]));
    const contacts = 30_000;
    for (let i = 0; i < contacts; i++) {
      const number = poolNumberFor(`+1212${2_000_000 + i}`, pool)!;
      counts.set(number, counts.get(number)! + 1);
    }
    // Binomial(30,000, 1/3): σ ≈ 82, so ±5 % (500) is over six σ.
    for (const count of counts.values()) expect(Math.abs(count - contacts / 3)).toBeLessThan(500);
  });

  it('has nothing to offer from an empty pool', () => {
    expect(poolNumberFor(phone, [])).toBeNull();
  });
});

describe('decidePin', () => {
  it('keeps an active pinned number, whatever the hash says', () => {
    const other = pool.find((n) => n !== poolNumberFor(phone, pool))!;
    expect(decidePin({ number: other, active: true }, phone, pool)).toEqual({ kind: 'keep', number: other });
  });

  it('pins a new conversation to its pool number', () => {
    expect(decidePin({ number: null, active: false }, phone, pool)).toEqual({
      kind: 'pin',
      number: poolNumberFor(phone, pool),
      previous: null,
      reason: 'first_message',
    });
  });

  it('re-pins a conversation whose number left the pool', () => {
    expect(decidePin({ number: '+14155550199', active: false }, phone, pool)).toEqual({
      kind: 'pin',
      number: poolNumberFor(phone, pool),
      previous: '+14155550199',
      reason: 'number_removed',
    });
  });

  it('has nothing to offer from an empty pool', () => {
    expect(decidePin({ number: null, active: false }, phone, [])).toEqual({ kind: 'no_number' });
    expect(decidePin({ number: '+14155550199', active: false }, phone, [])).toEqual({ kind: 'no_number' });
  });
});
