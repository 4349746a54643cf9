import { CpuMeter, processCpuSeconds } from '../messaging/process-cpu';

type Reading = Map<string, number | null>;

/**
 * CPU per delivery of each process of a run — the app, its PostgreSQL backends (every backend of
 * the bench database at the start of the run, the driver's event writer included), the receiver,
 * the baseline, the driver itself — read from /proc around the run. On a shared machine the
 * deliveries/s follow whatever else runs; CPU per delivery hardly does.
 */
export class CpuAccounts {
  private constructor(
    private readonly meter: CpuMeter | null,
    private readonly pids: ReadonlyArray<readonly [string, number]>,
    private readonly label: string,
  ) {}

  /**
   * `app`: the measured process (the app, or the durable baseline: `label`) and its database, whose
   * backends are counted as "PostgreSQL".
   */
  static async start(
    processes: Record<string, number>,
    app?: { pid: number; databaseUrl: string; label?: string },
  ): Promise<CpuAccounts> {
    const meter = app ? await CpuMeter.start(app.pid, app.databaseUrl) : null;
    return new CpuAccounts(meter, Object.entries(processes), app?.label ?? 'app');
  }

  read(): Reading {
    const reading: Reading = new Map();
    if (this.meter) {
      const snapshot = this.meter.snapshot();
      reading.set(this.label, snapshot.app);
      // One entry per backend ("PostgreSQL#pid"), summed by describe() over those read at both ends.
      for (const [pid, seconds] of snapshot.backends) reading.set(`PostgreSQL#${pid}`, seconds);
    }
    for (const [label, pid] of this.pids) reading.set(label, processCpuSeconds(pid));
    return reading;
  }

  /** "app 0.52 ms, PostgreSQL 0.31 ms, …" of CPU per delivery between two readings. */
  static describe(before: Reading, after: Reading, deliveries: number): string {
    if (deliveries === 0) return 'n/a';
    const totals = new Map<string, number | null>();
    for (const [key, start] of before) {
      const label = key.split('#')[0]!;
      const end = after.get(key);
      const seconds = start == null || end == null ? null : end - start;
      const sum = totals.get(label);
      // A backend gone by the end is left out; a process not readable makes its figure n/a.
      if (key.includes('#')) totals.set(label, seconds === null ? (sum ?? null) : (sum ?? 0) + seconds);
      else totals.set(label, seconds);
    }
    return [...totals]
      .map(([label, seconds]) => `${label} ${seconds === null ? 'n/a' : `${((seconds * 1000) / deliveries).toFixed(3)} ms`}`)
      .join(', ');
  }
}
