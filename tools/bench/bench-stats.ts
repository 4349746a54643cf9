/** Nearest-rank percentile of an unsorted sample, in the sample's unit. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export const rate = (count: number, ms: number): number => (ms > 0 ? Math.round((count * 1000) / ms) : 0);

export const ms = (value: number): string => `${value.toFixed(1)} ms`;
