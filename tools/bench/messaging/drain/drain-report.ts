import type { DrainCpu } from './drain-cpu';
import type { DrainProgress, ExactlyOnceFigures, PacingFigures } from './drain-analysis';
import { allowedIntervalMs, type DrainSettings } from './drain-settings';
import { FLAT_FLOOR_BYTES, FLAT_SHARE, judgeSeries, MEMORY_SERIES, type MemoryKind } from './memory-verdict';
import type { ReplicaSample } from './replica-metrics';

export interface ReplicaFigures {
  name: string;
  /** messaging_scheduler_released_total by outcome. */
  released: Record<string, number>;
  /** messaging_scheduler_deferred_total by reason: how often a due message was looked at and put back. */
  deferred: Record<string, number>;
  samples: ReplicaSample[];
}

const MB = 1024 * 1024;

const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const ms = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)} ms`);
const cpuMs = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(2)} ms`);
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

export function printDrainReport(report: {
  settings: DrainSettings;
  drained: boolean;
  last: DrainProgress;
  drainSeconds: number;
  seededAt: Date;
  pacing: PacingFigures;
  once: ExactlyOnceFigures;
  cpu: DrainCpu;
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
  const span =
    pacing.firstHandOff && pacing.lastHandOff ? (pacing.lastHandOff.getTime() - report.seededAt.getTime()) / 1000 : null;
  const rate = span ? pacing.handedOver / span : null;
  const row = (label: string, value: string) => console.log(`  ${label.padEnd(44)}${value}`);
  console.log('');
  row('statuses', JSON.stringify(report.last.byStatus));
  row(
    'drain time (seed commit → last hand-off)',
    span === null ? '–' : `${span.toFixed(1)} s (polled: ${report.drainSeconds.toFixed(0)} s)`,
  );
  row('throughput', rate === null ? '–' : `${rate.toFixed(0)} msg/s (pace allows ${settings.numbers * settings.rate} msg/s)`);
  row(
    'CPU per handed-over message',
    `${cpuMs(report.cpu.replicasMs)} in the two replicas, ${cpuMs(report.cpu.databaseMs)} in PostgreSQL (drain start → drained; receipts and relay included)`,
  );
  row(
    'per-number rate, achieved (min / mean / max)',
    pacing.rate
      ? `${pacing.rate.min.toFixed(2)} / ${pacing.rate.mean.toFixed(2)} / ${pacing.rate.max.toFixed(2)} per s (configured ${settings.rate})`
      : '–',
  );
  row('intervals between hand-offs of a number', `${pacing.intervals}, allowed ≥ ${allowed} ms, shortest ${ms(pacing.minGapMs)}`);
  row(
    '  shorter than allowed (violations)',
    `${pacing.violations} (${pacing.intervals ? ((100 * pacing.violations) / pacing.intervals).toFixed(3) : '0'} %)`,
  );
  row('  deviation from 1/rate: mean / p99', `${ms(pacing.meanDeviationMs)} / ${ms(pacing.p99DeviationMs)}`);
  row('handed over / distinct carrier ids', `${once.handedOver} / ${once.distinctCarrierIds}`);
  row('message.sent events / distinct messages', `${once.sentEvents} / ${once.sentEventSubjects}`);
  row('claimed more than once (send_attempts > 1)', String(once.reclaimed));
  const sentByReplica = replicas.map((replica) => replica.released['sent'] ?? 0);
  const counted = sentByReplica.reduce((sum, n) => sum + n, 0);
  const shares = replicas.map(
    (replica, i) => `${replica.name} ${sentByReplica[i]} (${counted ? ((100 * sentByReplica[i]!) / counted).toFixed(0) : 0} %)`,
  );
  row('hand-offs counted by the replicas (sent)', `${counted} = ${shares.join(' + ')}`);
  for (const replica of replicas) {
    const other = Object.entries(replica.released).filter(([outcome]) => outcome !== 'sent');
    if (other.length > 0) row(`  ${replica.name}, other outcomes`, other.map(([outcome, n]) => `${outcome} ${n}`).join(', '));
  }
  const deferrals = replicas.reduce((sum, replica) => sum + Object.values(replica.deferred).reduce((a, b) => a + b, 0), 0);
  row(
    'deferrals (due, looked at, put back)',
    `${deferrals}${once.handedOver ? ` — ${(deferrals / once.handedOver).toFixed(1)} per hand-off` : ''}; ` +
      replicas
        .map(
          (replica) =>
            `${replica.name} ${
              Object.entries(replica.deferred)
                .map(([reason, n]) => `${reason} ${n}`)
                .join(', ') || 'none'
            }`,
        )
        .join('; '),
  );

  console.log('');
  console.log(
    `  ${'memory'.padEnd(24)}${['start', 'peak', 'end', 'compared (2nd half)', 'verdict'].map((h) => h.padStart(20)).join('')}  basis`,
  );
  const judged: Array<{ kind: MemoryKind; flat: boolean | null }> = [];
  for (const replica of replicas) {
    for (const { kind } of MEMORY_SERIES) {
      const figures = judgeSeries(replica.samples, kind);
      const label = `${replica.name} ${kind}`.padEnd(24);
      if (!figures) {
        console.log(`  ${label}  too few samples (${replica.samples.length})`);
        judged.push({ kind, flat: false });
        continue;
      }
      judged.push({ kind, flat: figures.flat });
      const compared =
        figures.earlier === null ? '–' : `${mb(figures.earlier)} → ${figures.later === null ? '–' : mb(figures.later)}`;
      const cells = [
        mb(figures.start),
        mb(figures.peak),
        mb(figures.end),
        compared,
        figures.flat === null ? 'n/a' : verdict(figures.flat),
      ];
      console.log(`  ${label}${cells.map((cell) => cell.padStart(20)).join('')}  ${figures.basis}`);
    }
  }
  const decided = judged.filter((series) => series.flat !== null);
  const undecided = [...new Set(judged.filter((series) => series.flat === null).map((series) => series.kind))];

  // Not drained: the replicas were still handing over while the database and /metrics were read,
  // so only the database's own figures are compared.
  const countsAgree = report.drained ? counted === once.handedOver : true;
  const exactlyOnce =
    once.handedOver === once.distinctCarrierIds &&
    once.sentEvents === once.sentEventSubjects &&
    once.reclaimed === 0 &&
    countsAgree;
  console.log('\n  goals (printed, not asserted):');
  console.log(`    drained within ${settings.limitSeconds} s: ${verdict(report.drained)}`);
  console.log(
    `    no pacing violations: ${pacing.violations} of ${pacing.intervals} intervals under ${allowed} ms ` +
      `— ${verdict(pacing.violations === 0 && pacing.intervals > 0)}`,
  );
  console.log(
    `    exactly once: ${once.handedOver} handed over, ${once.distinctCarrierIds} carrier ids, ` +
      `${once.sentEvents} message.sent for ${once.sentEventSubjects} messages, ` +
      `${counted} counted by the replicas${report.drained ? '' : ' (still running, not compared)'}, ${once.reclaimed} re-claimed — ${verdict(exactlyOnce)}`,
  );
  console.log(
    `    memory bounded in the 2nd half (growth ≤ ${FLAT_SHARE * 100} % or ${FLAT_FLOOR_BYTES / MB} MB; rss, heapTotal, external by 3rd/4th-quarter peaks, ` +
      `heapUsed by 3rd/4th-quarter floors; both replicas): ${verdict(decided.length > 0 && decided.every((series) => series.flat))}` +
      (undecided.length > 0 ? ` (${undecided.join(', ')} inconclusive: no major GC in a quarter — a longer drain decides)` : ''),
  );
}
