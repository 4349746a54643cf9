/**
 * Which app's work is running: set once by libs/observability, which knows it (its per-app log scope,
 * decision 0027), and read when a span starts, so each span carries its own app's service.name —
 * also with the four apps in one process (decision 0046). Undefined outside every app.
 */
let resolver: () => string | undefined = () => undefined;

export function setAppOfWork(resolve: () => string | undefined): void {
  resolver = resolve;
}

export function appOfWork(): string | undefined {
  return resolver();
}
