import { reputationOf, TELNYX_REPUTATION_SOURCE } from './telnyx-reputation-client';

/** Telnyx's one aggregate answer (ReputationData of the official SDK) as the spam-protected number's single source entry. */
describe('reputationOf', () => {
  const now = new Date('2026-03-02T15:00:00Z');

  it.each([
    [{ spam_risk: 'low' }, false, null],
    [{ spam_risk: 'medium' }, true, 'Medium spam risk'],
    [{ spam_risk: 'high' }, true, 'High spam risk'],
    [{ spam_risk: 'high', spam_category: 'Telemarketing' }, true, 'Telemarketing'],
    [{ spam_risk: 'low', spam_category: 'Robocall' }, true, 'Robocall'],
    [{ spam_risk: null }, false, null],
  ] as const)('%j → flagged %s, label %s', (data, flagged, label) => {
    expect(reputationOf(data, now)).toEqual({ carrier: TELNYX_REPUTATION_SOURCE, flagged, label, checkedAt: now });
  });

  it("dates the answer by Telnyx's last refresh", () => {
    expect(reputationOf({ spam_risk: 'low', last_refreshed_at: '2026-03-01T08:00:00Z' }, now).checkedAt).toEqual(
      new Date('2026-03-01T08:00:00Z'),
    );
  });
});
