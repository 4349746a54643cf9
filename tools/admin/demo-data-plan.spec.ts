import { DEMO_SIZES, planDemoData, zoneOffsetMinutes } from './demo-data-plan';

describe('seed-demo plan', () => {
  const now = new Date('2026-11-24T19:30:00Z');
  const plan = planDemoData({ now, timeZone: 'America/New_York', companyId: '1' });

  it('is deterministic for a company and differs between companies', () => {
    expect(planDemoData({ now, timeZone: 'America/New_York', companyId: '1' })).toEqual(plan);
    expect(planDemoData({ now, timeZone: 'America/New_York', companyId: '2' }).contacts).not.toEqual(plan.contacts);
  });

  it('plans the month the demo shows, never after now', () => {
    expect(plan.contacts).toHaveLength(DEMO_SIZES.contacts);
    expect(plan.calls).toHaveLength(DEMO_SIZES.dialerCalls + DEMO_SIZES.aiCalls);
    expect(plan.texts).toHaveLength(DEMO_SIZES.texts);
    expect(plan.appointments.length).toBeGreaterThan(50);
    expect(plan.appointments.length).toBeLessThan(100);
    const monthAgo = now.getTime() - 31 * 86_400_000;
    const instants = [
      ...plan.contacts.map((c) => c.createdAt),
      ...plan.appointments.map((a) => a.createdAt),
      ...plan.calls.map((c) => c.startedAt),
      ...plan.texts.map((t) => t.createdAt),
    ];
    for (const at of instants) {
      expect(at.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(at.getTime()).toBeGreaterThan(monthAgo);
    }
    // Leads arrive in local business hours, 8:00–20:00 New York (the month holds the end of DST, on Nov 1).
    for (const { createdAt } of plan.contacts) {
      const localHour = new Date(createdAt.getTime() + zoneOffsetMinutes(createdAt, 'America/New_York') * 60_000).getUTCHours();
      expect(localHour).toBeGreaterThanOrEqual(8);
      expect(localHour).toBeLessThan(20);
    }
    expect(new Set(plan.contacts.map((c) => c.phone)).size).toBe(DEMO_SIZES.contacts);
    for (const { phone } of plan.contacts) expect(phone).toMatch(/^\+1415555\d{4}$/);
  });

  it('answers about 60 % of the outbound calls, 20 s to 8 min', () => {
    const outbound = plan.calls.filter((c) => c.direction === 'outbound');
    const answered = outbound.filter((c) => c.answeredAt !== null);
    expect(answered.length / outbound.length).toBeGreaterThan(0.5);
    expect(answered.length / outbound.length).toBeLessThan(0.7);
    for (const call of answered) {
      expect(call.durationSeconds).toBeGreaterThanOrEqual(20);
      expect(call.durationSeconds).toBeLessThanOrEqual(480);
    }
    const ai = plan.calls.filter((c) => c.direction !== 'outbound');
    for (const call of ai) expect(call.transcription).toEqual(expect.any(String));
  });

  it('mostly delivers the texts', () => {
    const delivered = plan.texts.filter((t) => t.status === 'delivered').length;
    const failed = plan.texts.filter((t) => t.status === 'failed');
    expect(delivered / plan.texts.length).toBeGreaterThan(0.8);
    expect(failed.length).toBeGreaterThan(0);
    for (const text of failed) expect(text.failureReason).toEqual(expect.any(String));
  });

  it('knows the zone offset across DST', () => {
    expect(zoneOffsetMinutes(new Date('2026-07-01T12:00:00Z'), 'America/New_York')).toBe(-240);
    expect(zoneOffsetMinutes(new Date('2026-12-01T12:00:00Z'), 'America/New_York')).toBe(-300);
    expect(zoneOffsetMinutes(new Date('2026-12-01T12:00:00Z'), 'Asia/Kolkata')).toBe(330);
  });
});
