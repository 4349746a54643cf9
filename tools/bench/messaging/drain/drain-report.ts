import type { DrainProgress, ExactlyOnceFigures, PacingFigures } from './drain-analysis';
import { allowedIntervalMs, type DrainSettings } from './drain-settings';
import { slope, type ReplicaSample } from './replica-metrics';

export interface ReplicaFigures {
  name: string;
  /** messaging_scheduler_released_total by outcome. */
  released: Record<string, number>;
  /** messaging_scheduler_deferred_total by reason: how often a due message was looked at and put back. */
  deferred: Record<string, number>;
  samples: ReplicaSample[];
}

/**
 * Memory is "flat" (bounded) when neither series peaks higher in the drain's second half than in
 * its first, give or take this share. A peak rather than a fitted slope: heapUsed is a GC sawtooth,
 * and a slope over a few of its teeth says more about where the last collection fell than about growth.
 */
const FLAT_SHARE = 0.1;
const MB = 1024 * 1024;

const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const ms = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)} ms`);
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

interface MemorySeries {
  start: number;
  peak: number;
  end: number;
  /** Bytes per second over the second half (least squares; informative only). */
  slope: number;
  firstHalfPeak: number;
  secondHalfPeak: number;
  flat: boolean;
}

function series(samples: readonly ReplicaSample[], pick: (sample: ReplicaSample) => number): MemorySeries | null {
  if (samples.length < 4) return null;
  const values = samples.map(pick);
  const middle = Math.floor(samples.length / 2);
  const half = samples.slice(middle).map((sample) => ({ t: sample.t, v: pick(sample) }));
  const firstHalfPeak = Math.max(...values.slice(0, middle));
  const secondHalfPeak = Math.max(...values.slice(middle));
  return {
    start: values[0]!,
    peak: Math.max(...values),
    end: values[values.length - 1]!,
    slope: slope(half),
    firstHalfPeak,
    secondHalfPeak,
    flat: secondHalfPeak <= firstHalfPeak * (1 + FLAT_SHARE),
  };
}

export function printDrainReport(report: {
  settings: DrainSettings;
  drained: boolean;
  last: DrainProgress;
  drainSeconds: number;
  seededAt: Date;
  pacing: PacingFigures;
  once: ExactlyOnceFigures;
  replicas: ReplicaFigures[];
}): void {
  const { settings, pacing, once, replicas } = report;
  const allowed = allowedIntervalMs(settings.rate);
  if (!report.drained) {
    console.log(
      `\n  !!! NOT DRAINED within ${settings.limitSeconds} s: ${report.last.pending} of ${settings.messages} messages still queued/sending ` +
        `(${JSON.stringify(report.last.byStatus)}); the figures below cover what was handed over\n`,
    );
  }
  const span = pacing.firstHandOff && pacing.lastHandOff ? (pacing.lastHandOff.getTime() - report.seededAt.getTime()) / 1000 : null;
  const rate = span ? pacing.handedOver / span : null;
  const row = (label: string, value: string) => console.log(`  ${label.padEnd(44)}${value}`);
  console.log('');
  row('statuses', JSON.stringify(report.last.byStatus));
  row('drain time (seed commit → last hand-off)', span === null ? '–' : `${span.toFixed(1)} s (polled: ${report.drainSeconds.toFixed(0)} s)`);
  row('throughput', rate === null ? '–' : `${rate.toFixed(0)} msg/s (pace allows ${settings.numbers * settings.rate} msg/s)`);
  row('per-number rate, achieved (min / mean / max)', pacing.rate ? `${pacing.rate.min.toFixed(2)} / ${pacing.rate.mean.toFixed(2)} / ${pacing.rate.max.toFixed(2)} per s (configured ${settings.rate})` : '–');
  row('intervals between hand-offs of a number', `${pacing.intervals}, allowed ≥ ${allowed} ms, shortest ${ms(pacing.minGapMs)}`);
  row('  shorter than allowed (violations)', `${pacing.violations} (${pacing.intervals ? ((100 * pacing.violations) / pacing.intervals).toFixed(3) : '0'} %)`);
  row('  deviation from 1/rate: mean / p99', `${ms(pacing.meanDeviationMs)} / ${ms(pacing.p99DeviationMs)}`);
  row('handed over / distinct carrier ids', `${once.handedOver} / ${once.distinctCarrierIds}`);
  row('message.sent events / distinct messages', `${once.sentEvents} / ${once.sentEventSubjects}`);
  row('claimed more than once (send_attempts > 1)', String(once.reclaimed));
  const sentByReplica = replicas.map((replica) => replica.released['sent'] ?? 0);
  const counted = sentByReplica.reduce((sum, n) => sum + n, 0);
  row('hand-offs counted by the replicas (sent)', `${counted} = ${replicas.map((replica, i) => `${replica.name} ${sentByReplica[i]} (${counted ? ((100 * sentByReplica[i]!) / counted).toFixed(0) : 0} %)`).join(' + ')}`);
  for (const replica of replicas) {
    const other = Object.entries(replica.released).filter(([outcome]) => outcome !== 'sent');
    if (other.length > 0) row(`  ${replica.name}, other outcomes`, other.map(([outcome, n]) => `${outcome} ${n}`).join(', '));
  }
  const deferrals = replicas.reduce((sum, replica) => sum + Object.values(replica.deferred).reduce((a, b) => a + b, 0), 0);
  row(
    'deferrals (due, looked at, put back)',
    `${deferrals}${once.handedOver ? ` — ${(deferrals / once.handedOver).toFixed(1)} per hand-off` : ''}; ` +
      replicas.map((replica) => `${replica.name} ${Object.entries(replica.deferred).map(([reason, n]) => `${reason} ${n}`).join(', ') || 'none'}`).join('; '),
  );

  console.log('');
  console.log(`  ${'memory'.padEnd(22)}${['start', 'peak', '1st/2nd-half peak', 'end', '2nd-half slope'].map((h) => h.padStart(19)).join('')}`);
  const flat: boolean[] = [];
  for (const replica of replicas) {
    for (const [label, pick] of [
      ['rss', (s: ReplicaSample) => s.rssBytes],
      ['heapUsed', (s: ReplicaSample) => s.heapUsedBytes],
    ] as const) {
      const figures = series(replica.samples, pick);
      if (!figures) {
        console.log(`  ${`${replica.name} ${label}`.padEnd(22)}  too few samples (${replica.samples.length})`);
        flat.push(false);
        continue;
      }
      flat.push(figures.flat);
      const cells = [mb(figures.start), mb(figures.peak), `${(figures.firstHalfPeak / MB).toFixed(0)} / ${mb(figures.secondHalfPeak)}`, mb(figures.end), `${((figures.slope * 60) / MB).toFixed(2)} MB/min`];
      console.log(`  ${`${replica.name} ${label}`.padEnd(22)}${cells.map((cell) => cell.padStart(19)).join('')}`);
    }
  }

  // Not drained: the replicas were still handing over while the database and /metrics were read, so only the database's own figures are compared.
  const countsAgree = report.drained ? counted === once.handedOver : true;
  const exactlyOnce = once.handedOver === once.distinctCarrierIds && once.sentEvents === once.sentEventSubjects && once.reclaimed === 0 && countsAgree;
  console.log('\n  goals (printed, not asserted):');
  console.log(`    drained within ${settings.limitSeconds} s: ${verdict(report.drained)}`);
  console.log(`    no pacing violations: ${pacing.violations} of ${pacing.intervals} intervals under ${allowed} ms — ${verdict(pacing.violations === 0 && pacing.intervals > 0)}`);
  console.log(
    `    exactly once: ${once.handedOver} handed over, ${once.distinctCarrierIds} carrier ids, ${once.sentEvents} message.sent for ${once.sentEventSubjects} messages, ` +
      `${counted} counted by the replicas${report.drained ? '' : ' (still running, not compared)'}, ${once.reclaimed} re-claimed — ${verdict(exactlyOnce)}`,
  );
  console.log(`    memory flat (2nd-half peak ≤ 1st-half peak + ${FLAT_SHARE * 100} %, rss and heapUsed, both replicas): ${verdict(flat.length > 0 && flat.every(Boolean))}`);
}
