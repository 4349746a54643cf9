/** Token for extra readiness checks an app contributes (Kafka, for one). */
export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

/** Anything that can say whether a dependency is usable right now. */
export interface ReadinessProbe {
  check(): Promise<{ up: boolean; details?: Record<string, unknown> }>;
}

export interface NamedReadinessProbe {
  name: string;
  probe: ReadinessProbe;
}
