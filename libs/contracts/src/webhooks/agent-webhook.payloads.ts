import type { AgentPerformanceData, AgentStatus } from '../events/platform-agent.events';

/** `data` of `agent.created` and `agent.updated` (from the platform's `agent.*` events). */
export interface AgentWebhookData {
  agent_id: string;
  name: string;
  voice: string | null;
  active: boolean;
  /** `online` or `offline`. */
  status: AgentStatus;
  inbound_number_id: string | null;
  outbound_number_id: string | null;
  updated_at: string;
}

/** `agent.status_changed`: the agent plus the status it left. */
export interface AgentStatusChangedWebhookData extends AgentWebhookData {
  previous_status: AgentStatus;
}

/**
 * `agent.performance`: the agent's share of successful calls over its last `window` calls fell
 * below its minimum (`below_threshold`) or came back to it (`recovered`) — the platform's event
 * without the company.
 */
export type AgentPerformanceWebhookData = Omit<AgentPerformanceData, 'company_id'>;
