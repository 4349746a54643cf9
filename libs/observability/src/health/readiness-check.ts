/** Token for extra readiness checks an app contributes (Kafka, for one). */
export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

/**
 * Anything that can say whether the app can serve right now. `up: false` takes the pod out of its
 * Service, so only for what stops it serving; `degraded: true` reports a problem it serves through
 * (Kafka unreachable while the outbox accepts; decision 0039). Answer from memory: a probe must not
 * wait on another system (Kubernetes gives it a few seconds in all).
 */
export interface ReadinessProbe {
  check(): Promise<{ up: boolean; degraded?: boolean; details?: Record<string, unknown> }>;
}

export interface NamedReadinessProbe {
  name: string;
  probe: ReadinessProbe;
}
