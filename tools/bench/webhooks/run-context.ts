import type { BenchServices } from '../bench-services';
import { CpuAccounts } from './cpu-accounts';
import type { DispatchProcess } from './dispatch-process';
import type { EventWriter } from './event-writer';
import { receiptsOf, type Receipts } from './receipts';
import type { Receiver } from './receiver';
import type { Endpoint } from './webhook-workspace';

/** What every run of the bench works with; `errors` collects what makes the exit code non-zero. */
export interface RunContext {
  services: BenchServices & { brokers: string[] };
  app: DispatchProcess;
  receiver: Receiver;
  writer: EventWriter;
  endpoints: readonly Endpoint[];
  errors: string[];
  /**
   * The run whose deliveries the app had not finished when the bench stopped waiting: the app is
   * still working through them, so the later runs of the app would measure that backlog, not
   * themselves, and are skipped.
   */
  backlogFrom: string | null;
}

/** Whether a run of the app can be measured; prints why not when it cannot. */
export function appIsIdle(context: RunContext, label: string): boolean {
  if (context.backlogFrom === null) return true;
  console.log(`
${label} — skipped: the app has not delivered all of the ${context.backlogFrom} run's events`);
  return false;
}

/**
 * Polls the receiver until `expected` requests arrived on the paths `keep` accepts, or `timeoutMs`
 * passed; true when they did. Counts requests, duplicates included: receipts() tells them apart.
 */
export async function waitForRequests(
  receiver: Receiver,
  expected: number,
  timeoutMs: number,
  keep: (path: string) => boolean = () => true,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { byPath } = await receiver.counts();
    const count = Object.entries(byPath).reduce((sum, [path, n]) => sum + (keep(path) ? n : 0), 0);
    if (count >= expected) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The run's receipts, with a missing delivery or a duplicate noted as an error of the run (and a
 * run of the app that did not finish noted as its backlog).
 */
export async function collectReceipts(
  context: RunContext,
  label: string,
  events: ReadonlyMap<string, string>,
  options: { keep?: (path: string) => boolean; app: boolean; duplicatesAllowed?: boolean },
): Promise<Receipts> {
  const keep = options.keep ?? (() => true);
  const receipts = receiptsOf(await context.receiver.dump(), events, keep);
  const expected = [...events.values()].filter(keep).length;
  const missing = expected - receipts.firstAt.size;
  if (missing > 0) {
    context.errors.push(`${label}: ${missing} of ${expected} deliveries did not arrive in time`);
    if (options.app) context.backlogFrom ??= label;
  }
  if (receipts.duplicates > 0 && !options.duplicatesAllowed) {
    context.errors.push(`${label}: ${receipts.duplicates} duplicate deliveries`);
  }
  return receipts;
}

/**
 * CPU readings of the app (or of `measured`, another process writing to the bench database, or of
 * none), its database and the receiver (plus `extra` processes) around a run.
 */
export async function startCpu(
  context: RunContext,
  extra: Record<string, number> = {},
  measured: { pid: number; label: string } | null = { pid: context.app.server.pid, label: 'app' },
) {
  const accounts = await CpuAccounts.start(
    { receiver: context.receiver.pid, driver: process.pid, ...extra },
    measured ? { ...measured, databaseUrl: context.services.databaseUrl } : undefined,
  );
  const before = accounts.read();
  return { describe: (deliveries: number) => CpuAccounts.describe(before, accounts.read(), deliveries) };
}

/** "1,234 connections opened (0.06 per request)": how much the sender reused its connections. */
export async function describeConnections(receiver: Receiver): Promise<string> {
  const { connections, total } = await receiver.counts();
  return `${connections} connections opened at the receiver (${total > 0 ? (connections / total).toFixed(3) : 'n/a'} per request)`;
}

export const perSecond = (value: number): string => `${Math.round(value).toLocaleString('en-US')}/s`;
export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
