import { defineEvent } from './define-event';
import { nullable, payload, stringEnum, Type, type Static } from './payload-schema';
import { changedBy, companyRecordIds, instant, nullableNumericId, numericId } from './payload-fields';
import { Topics } from './topics';

/** Payloads on `platform.agent.v1`: a company's AI voice agents. */
export const AGENT_STATUSES = ['online', 'offline'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

export const AGENT_PERFORMANCE_STATES = ['below_threshold', 'recovered'] as const;
export type AgentPerformanceState = (typeof AGENT_PERFORMANCE_STATES)[number];

/** An agent as it is after the change: `agent.created`, `agent.updated`, `agent.deleted`. Subject: the agent id. */
export const agentSnapshotSchema = payload({
  ...companyRecordIds,
  name: Type.String({ maxLength: 255 }),
  voice: nullable(Type.String({ maxLength: 64 })),
  /** Whether the agent takes calls at all (an inactive agent is kept, not offered). */
  active: Type.Boolean(),
  status: stringEnum(AGENT_STATUSES),
  inbound_number_id: nullableNumericId('phone number id'),
  outbound_number_id: nullableNumericId('phone number id'),
  /** The performance threshold: a share of successful calls (0–1) over its last `window` calls; null when none is set. */
  min_success_rate: nullable(Type.Number({ minimum: 0, maximum: 1 })),
  performance_window: nullable(Type.Integer({ minimum: 1 })),
  updated_at: instant,
  ...changedBy(),
});
export type AgentSnapshotData = Static<typeof agentSnapshotSchema>;

/** `agent.status_changed`: the agent went online or offline. */
export const agentStatusChangedSchema = payload({
  ...agentSnapshotSchema.properties,
  previous_status: stringEnum(AGENT_STATUSES),
});
export type AgentStatusChangedData = Static<typeof agentStatusChangedSchema>;

/**
 * `agent.performance`: the agent's success rate over its last `window` ended calls crossed its
 * minimum — fell below it (`below_threshold`) or came back to it (`recovered`). Raised once per
 * crossing, not per call. Subject: the agent id.
 */
export const agentPerformanceSchema = payload({
  agent_id: numericId,
  company_id: numericId,
  name: Type.String({ maxLength: 255 }),
  state: stringEnum(AGENT_PERFORMANCE_STATES),
  /** Successful calls / calls considered, 0–1 (4 decimals). */
  success_rate: Type.Number({ minimum: 0, maximum: 1 }),
  min_success_rate: Type.Number({ minimum: 0, maximum: 1 }),
  window: Type.Integer({ minimum: 1 }),
  /** Ended calls the rate is over (fewer than `window` while the agent is new). */
  calls_considered: Type.Integer({ minimum: 1 }),
  successful_calls: Type.Integer({ minimum: 0 }),
  /** The call whose end crossed the threshold. */
  call_id: Type.String({ maxLength: 64 }),
  at: instant,
});
export type AgentPerformanceData = Static<typeof agentPerformanceSchema>;

export const PLATFORM_AGENT_EVENTS = [
  defineEvent(
    'agent.created',
    Topics.platformAgent,
    agentSnapshotSchema,
    'An AI agent was created (feeds the agent.created webhook).',
  ),
  defineEvent(
    'agent.updated',
    Topics.platformAgent,
    agentSnapshotSchema,
    'An AI agent changed: name, voice, prompt, numbers, active flag or performance threshold (feeds agent.updated).',
  ),
  defineEvent(
    'agent.deleted',
    Topics.platformAgent,
    agentSnapshotSchema,
    'An AI agent was deleted; its numbers are no longer assigned to it.',
  ),
  defineEvent(
    'agent.status_changed',
    Topics.platformAgent,
    agentStatusChangedSchema,
    'An AI agent went online or offline (feeds agent.status_changed).',
  ),
  defineEvent(
    'agent.performance',
    Topics.platformAgent,
    agentPerformanceSchema,
    "An AI agent's success rate crossed its minimum, downwards or back up (feeds agent.performance).",
  ),
] as const;
