import { sandboxReputation } from '../provider/sandbox/sandbox-reputation';
import { agentNames } from './ai-spam-numbers.service';
import {
  addMonthsUtc,
  containsPattern,
  firstRenewal,
  followedType,
  nextRenewal,
  numbersUsedByAgents,
  reputationOutcome,
} from './spam-number-rules';

const at = new Date('2026-03-08T10:00:00Z');

describe('reputationOutcome', () => {
  it('is Flagged when any carrier labels the number, keeping every carrier’s answer', () => {
    expect(reputationOutcome(sandboxReputation('+14155550127', at))).toEqual({
      status: 'Flagged',
      carriers: [
        { carrier: 'AT&T', flagged: false, label: null, checked_at: '2026-03-08T10:00:00.000Z' },
        { carrier: 'T-Mobile', flagged: true, label: 'Scam Likely', checked_at: '2026-03-08T10:00:00.000Z' },
        { carrier: 'Verizon', flagged: false, label: null, checked_at: '2026-03-08T10:00:00.000Z' },
      ],
    });
    const nine = reputationOutcome(sandboxReputation('+14155550129', at));
    expect(nine.status).toBe('Flagged');
    expect(nine.carriers.filter((carrier) => carrier.flagged).map((carrier) => [carrier.carrier, carrier.label])).toEqual([
      ['AT&T', 'Spam Risk'],
      ['Verizon', 'Potential Spam'],
    ]);
  });

  it('is Clean when no carrier flags it; a label without a flag is dropped', () => {
    expect(reputationOutcome(sandboxReputation('+14155550123', at)).status).toBe('Clean');
    expect(reputationOutcome([{ carrier: 'X', flagged: false, label: 'stale', checkedAt: at }])).toEqual({
      status: 'Clean',
      carriers: [{ carrier: 'X', flagged: false, label: null, checked_at: at.toISOString() }],
    });
  });

  it('is Clean when no carrier answered at all', () => {
    expect(reputationOutcome([])).toEqual({ status: 'Clean', carriers: [] });
  });
});

describe('followedType', () => {
  const used = numbersUsedByAgents([
    { inboundNumberId: '1', outboundNumberId: null },
    { inboundNumberId: null, outboundNumberId: '2' },
    { inboundNumberId: '2', outboundNumberId: '2' },
  ]);

  it('collects inbound and outbound numbers of the agents', () => {
    expect([...used].sort()).toEqual(['1', '2']);
  });

  it('makes a purchased number AI while an agent uses it and House otherwise; Custom rows stay Custom', () => {
    expect(followedType('House', '1', used)).toBe('AI');
    expect(followedType('House', '2', used)).toBe('AI');
    expect(followedType('AI', '3', used)).toBe('House');
    expect(followedType('House', '3', used)).toBe('House');
    expect(followedType('Custom', '1', used)).toBe('Custom');
    expect(followedType('Custom', null, used)).toBe('Custom');
  });
});

describe('renewals', () => {
  it('adds calendar months, clamping the day to the month’s last', () => {
    expect(addMonthsUtc(new Date('2026-01-31T23:00:00Z'), 1)).toBe('2026-02-28');
    expect(addMonthsUtc(new Date('2028-01-31T00:00:00Z'), 1)).toBe('2028-02-29');
    expect(addMonthsUtc(new Date('2026-12-15T00:00:00Z'), 1)).toBe('2027-01-15');
    expect(firstRenewal(new Date('2026-03-08T10:00:00Z'))).toBe('2026-04-08');
  });

  it('answers the next anniversary of the purchase on or after today, a month after the purchase at the earliest', () => {
    const bought = new Date('2026-01-31T12:00:00Z');
    expect(nextRenewal(bought, new Date('2026-01-31T13:00:00Z'))).toBe('2026-02-28');
    expect(nextRenewal(bought, new Date('2026-02-28T00:00:00Z'))).toBe('2026-02-28');
    expect(nextRenewal(bought, new Date('2026-03-01T00:00:00Z'))).toBe('2026-03-31');
    expect(nextRenewal(bought, new Date('2026-04-01T00:00:00Z'))).toBe('2026-04-30');
    expect(nextRenewal(bought, new Date('2027-02-01T00:00:00Z'))).toBe('2027-02-28');
  });
});

describe('search patterns and agent names', () => {
  it('takes %, _ and \\ literally', () => {
    expect(containsPattern('5%_\\')).toBe('%5\\%\\_\\\\%');
  });

  it('names the inbound agent and joins several outbound agents with ", "', () => {
    const agents = [
      { name: 'Ava', inboundNumberId: '7', outboundNumberId: '7' },
      { name: 'Ben', inboundNumberId: null, outboundNumberId: '7' },
      { name: 'Cy', inboundNumberId: '8', outboundNumberId: null },
    ];
    expect(agentNames(agents, '7')).toEqual({ inbound: 'Ava', outbound: 'Ava, Ben' });
    expect(agentNames(agents, '8')).toEqual({ inbound: 'Cy', outbound: null });
    expect(agentNames(agents, '9')).toEqual({ inbound: null, outbound: null });
  });
});
