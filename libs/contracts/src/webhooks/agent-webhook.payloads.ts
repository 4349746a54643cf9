/**
 * `data` of the `agent.*` kinds. Wired when the voice/CRM issues publish agent events; until
 * then no webhook of these kinds is ever sent (subscribing to them is allowed).
 */
export interface AgentWebhookData {
  agent_id: string;
  name: string;
  /** e.g. `available`, `busy`, `away`, `offline`. */
  status: string;
  updated_at: string;
}

/** `agent.status_changed`: the agent plus the status it left. */
export interface AgentStatusChangedWebhookData extends AgentWebhookData {
  previous_status: string;
}

/** `agent.performance`: an agent's figures over a period (ISO 8601 instants, durations in whole seconds). */
export interface AgentPerformanceWebhookData {
  agent_id: string;
  name: string;
  period_start: string;
  period_end: string;
  calls_handled: number;
  calls_missed: number;
  average_call_duration: number;
  talk_time: number;
}
