import { readFileSync } from 'node:fs';

/** A process's resident set size in MB, from /proc; null off Linux or once it is gone. */
export function rssMb(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export interface MemoryFigures {
  startMb: number | null;
  peakMb: number | null;
  endMb: number | null;
}

/**
 * Samples a process's RSS on an interval, from `start` (the first sample, before any load) to
 * `stop` (the last): "memory flat" is the end close to the start however many runs went between,
 * the peak what a burst costs while it lasts.
 */
export class MemorySampler {
  private readonly first: number | null;
  private peak: number | null;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly pid: number,
    intervalMs: number,
  ) {
    this.first = rssMb(pid);
    this.peak = this.first;
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.timer.unref();
  }

  private sample(): number | null {
    const value = rssMb(this.pid);
    if (value !== null && (this.peak === null || value > this.peak)) this.peak = value;
    return value;
  }

  stop(): MemoryFigures {
    clearInterval(this.timer);
    const end = this.sample();
    return { startMb: this.first, peakMb: this.peak, endMb: end };
  }
}
