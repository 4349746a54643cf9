import { connectProblems } from './ad-provider';
import { localDateMinus, syncWindow } from './sync/sync-window';
import { syncErrorText } from './sync/ad-spend-sync';

describe('connectProblems', () => {
  it.each([
    ['facebook', 'act_1'],
    ['facebook', `act_${'9'.repeat(20)}`],
    ['google', '123-456-7890'],
  ])('accepts %s %s', (provider, accountId) => expect(connectProblems(provider, accountId)).toEqual({}));

  it.each([
    ['twitter', 'act_1', 'provider'],
    ['Facebook', 'act_1', 'provider'],
    ['', 'act_1', 'provider'],
    ['facebook\u0000', 'act_1', 'provider'],
    ['facebook', 'act_', 'account_id'],
    ['facebook', `act_${'1'.repeat(21)}`, 'account_id'],
    ['facebook', '123', 'account_id'],
    ['facebook', 'act_12\u0000', 'account_id'],
    ['facebook', 'act_12\ud800', 'account_id'],
    ['facebook', ' act_12', 'account_id'],
    ['facebook', 'act_١٢', 'account_id'],
    ['google', '1234567890', 'account_id'],
    ['google', '123-456-789', 'account_id'],
    ['google', '123-456-7890\n', 'account_id'],
    ['google', 'act_1', 'account_id'],
  ])('refuses %j %j by %s', (provider, accountId, field) =>
    expect(Object.keys(connectProblems(provider, accountId))).toEqual([field]),
  );
});

describe('syncWindow', () => {
  it('asks 90 local days for the first sync and 3 for the next, ending today', () => {
    expect(syncWindow('2026-03-10', true)).toEqual({ from: '2025-12-11', to: '2026-03-10' });
    expect(syncWindow('2026-03-10', false)).toEqual({ from: '2026-03-08', to: '2026-03-10' });
    expect(localDateMinus('2024-03-01', 1)).toBe('2024-02-29');
  });
});

describe('syncErrorText', () => {
  it('keeps at most 500 characters and never splits a surrogate pair', () => {
    expect(syncErrorText('x'.repeat(600))).toHaveLength(500);
    const cut = syncErrorText(`${'x'.repeat(499)}😀😀`);
    expect(Array.from(cut)).toHaveLength(500);
    expect(cut.endsWith('😀')).toBe(true);
  });
});
