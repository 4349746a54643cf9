/** Call durations as the export reads and writes them: `H:i:s` (hours unbounded) or whole seconds. */

/** The largest duration a filter may name: 1,000 hours, far beyond any call (the column is an integer). */
export const MAX_DURATION_SECONDS = 3_600_000;

const CLOCK_TIME = /^([0-9]{1,4}):([0-5][0-9]):([0-5][0-9])$/;
const SECONDS = /^[0-9]{1,7}$/;

/** `01:02:03` or `3723` → 3723; undefined when it is neither or beyond MAX_DURATION_SECONDS. */
export function parseDuration(text: string): number | undefined {
  const clock = CLOCK_TIME.exec(text);
  const seconds = clock
    ? Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3])
    : SECONDS.test(text)
      ? Number(text)
      : undefined;
  return seconds !== undefined && seconds <= MAX_DURATION_SECONDS ? seconds : undefined;
}

/** 3723 → `01:02:03`; hours beyond 99 keep their digits (`100:00:00`). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.trunc(totalSeconds));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}
