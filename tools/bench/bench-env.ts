/** A bench knob: the positive integer in env `name`, or `fallback` when it is unset or not one. */
export function positiveIntEnv(name: string, fallback: number): number {
  const value = Number.parseInt(process.env[name] ?? '', 10);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
