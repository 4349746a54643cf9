import type { CarrierReputation } from '../provider/voice-provider.port';
import type { CarrierCheck, SpamNumberType, SpamStatus } from './spam-protected-number.entity';

/** What a reputation check leaves on the row: every carrier's answer, and Flagged when any carrier labels the number. */
export function reputationOutcome(answers: readonly CarrierReputation[]): { status: SpamStatus; carriers: CarrierCheck[] } {
  const carriers = answers.map((answer) => ({
    carrier: answer.carrier,
    flagged: answer.flagged,
    label: answer.flagged ? answer.label : null,
    checked_at: answer.checkedAt.toISOString(),
  }));
  return { status: carriers.some((carrier) => carrier.flagged) ? 'Flagged' : 'Clean', carriers };
}

/** The numbers (phone_numbers ids) a company's live agents answer or call from. */
export function numbersUsedByAgents(
  agents: ReadonlyArray<{ inboundNumberId: string | null; outboundNumberId: string | null }>,
): Set<string> {
  const used = new Set<string>();
  for (const agent of agents) {
    if (agent.inboundNumberId) used.add(agent.inboundNumberId);
    if (agent.outboundNumberId) used.add(agent.outboundNumberId);
  }
  return used;
}

/** A purchased number's row is AI while a live agent uses it, House otherwise; Custom rows keep their type. */
export function followedType(current: SpamNumberType, phoneNumberId: string | null, used: ReadonlySet<string>): SpamNumberType {
  if (current === 'Custom' || phoneNumberId === null) return current;
  return used.has(phoneNumberId) ? 'AI' : 'House';
}

/** `date` + `months` calendar months (UTC), the day clamped to the month's last (Jan 31 + 1 → Feb 28/29), as Y-m-d. */
export function addMonthsUtc(date: Date, months: number): string {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(date.getUTCDate(), lastDay);
  return new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);
}

/** The first monthly renewal of a number bought at `purchasedAt`: one month later (UTC day). */
export const firstRenewal = (purchasedAt: Date): string => addMonthsUtc(purchasedAt, 1);

/**
 * The monthly renewal of a number bought at `purchasedAt` that comes next on `today` (UTC):
 * the first anniversary of the purchase day on or after today, never the purchase day itself.
 */
export function nextRenewal(purchasedAt: Date, today: Date): string {
  const todayText = today.toISOString().slice(0, 10);
  const elapsed = (today.getUTCFullYear() - purchasedAt.getUTCFullYear()) * 12 + today.getUTCMonth() - purchasedAt.getUTCMonth();
  for (let months = Math.max(1, elapsed); ; months++) {
    const renewal = addMonthsUtc(purchasedAt, months);
    if (renewal >= todayText) return renewal;
  }
}

/** A LIKE pattern matching `term` anywhere, its own `%`, `_` and `\` taken literally. */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
