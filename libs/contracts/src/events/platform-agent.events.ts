import { payloadSchema } from './payload-schema';

/** Payloads on `platform.agent.v1`: a company's AI voice agents. */
export const AGENT_STATUSES = ['online', 'offline'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

/** An agent as it is after the change: `agent.created`, `agent.updated`, `agent.deleted`. Subject: the agent id. */
export interface AgentSnapshotData {
  id: string;
  company_id: string;
  name: string;
  voice: string | null;
  /** Whether the agent takes calls at all (an inactive agent is kept, not offered). */
  active: boolean;
  status: AgentStatus;
  inbound_number_id: string | null;
  outbound_number_id: string | null;
  /** The performance threshold: a share of successful calls (0–1) over its last `window` calls; null when none is set. */
  min_success_rate: number | null;
  performance_window: number | null;
  updated_at: string;
  changed_by: string | null;
}

/** `agent.status_changed`: the agent went online or offline. */
export interface AgentStatusChangedData extends AgentSnapshotData {
  previous_status: AgentStatus;
}

export const AGENT_PERFORMANCE_STATES = ['below_threshold', 'recovered'] as const;
export type AgentPerformanceState = (typeof AGENT_PERFORMANCE_STATES)[number];

/**
 * `agent.performance`: the agent's success rate over its last `window` ended calls crossed its
 * minimum — fell below it (`below_threshold`) or came back to it (`recovered`). Raised once per
 * crossing, not per call. Subject: the agent id.
 */
export interface AgentPerformanceData {
  agent_id: string;
  company_id: string;
  name: string;
  state: AgentPerformanceState;
  /** Successful calls / calls considered, 0–1 (4 decimals). */
  success_rate: number;
  min_success_rate: number;
  window: number;
  /** Ended calls the rate is over (fewer than `window` while the agent is new). */
  calls_considered: number;
  successful_calls: number;
  /** The call whose end crossed the threshold. */
  call_id: string;
  at: string;
}

const numericId = { type: 'string', pattern: '^[0-9]+$' } as const;
const nullableNumericId = { type: ['string', 'null'], pattern: '^[0-9]+$' } as const;

const snapshotProperties = {
  id: numericId,
  company_id: numericId,
  name: { type: 'string', maxLength: 255 },
  voice: { type: ['string', 'null'], maxLength: 64 },
  active: { type: 'boolean' },
  status: { type: 'string', enum: AGENT_STATUSES },
  inbound_number_id: { ...nullableNumericId, description: 'phone number id' },
  outbound_number_id: { ...nullableNumericId, description: 'phone number id' },
  min_success_rate: { type: ['number', 'null'], minimum: 0, maximum: 1 },
  performance_window: { type: ['integer', 'null'], minimum: 1 },
  updated_at: { type: 'string', format: 'date-time' },
  changed_by: { ...nullableNumericId, description: 'user id' },
} as const;

const snapshotRequired = [
  'id',
  'company_id',
  'name',
  'voice',
  'active',
  'status',
  'inbound_number_id',
  'outbound_number_id',
  'min_success_rate',
  'performance_window',
  'updated_at',
  'changed_by',
] as const;

export const agentSnapshotSchema = payloadSchema<AgentSnapshotData>({
  properties: snapshotProperties,
  required: [...snapshotRequired],
});

export const agentStatusChangedSchema = payloadSchema<AgentStatusChangedData>({
  properties: { ...snapshotProperties, previous_status: { type: 'string', enum: AGENT_STATUSES } },
  required: [...snapshotRequired, 'previous_status'],
});

export const agentPerformanceSchema = payloadSchema<AgentPerformanceData>({
  properties: {
    agent_id: numericId,
    company_id: numericId,
    name: { type: 'string', maxLength: 255 },
    state: { type: 'string', enum: AGENT_PERFORMANCE_STATES },
    success_rate: { type: 'number', minimum: 0, maximum: 1 },
    min_success_rate: { type: 'number', minimum: 0, maximum: 1 },
    window: { type: 'integer', minimum: 1 },
    calls_considered: { type: 'integer', minimum: 1 },
    successful_calls: { type: 'integer', minimum: 0 },
    call_id: { type: 'string', maxLength: 64 },
    at: { type: 'string', format: 'date-time' },
  },
  required: [
    'agent_id',
    'company_id',
    'name',
    'state',
    'success_rate',
    'min_success_rate',
    'window',
    'calls_considered',
    'successful_calls',
    'call_id',
    'at',
  ],
});
