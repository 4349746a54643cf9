import { payload, Type, type Static } from '../events/payload-schema';
import { agentPerformanceSchema, agentSnapshotSchema, agentStatusChangedSchema } from '../events/platform-agent.events';
import { webhookFields } from './webhook-fields';

/** `data` of `agent.created` and `agent.updated`: the platform's `agent.*` snapshot, its id as `agent_id`. */
export const AGENT_WEBHOOK_FIELDS = webhookFields(agentSnapshotSchema, {
  agent_id: 'id',
  name: 'name',
  voice: 'voice',
  active: 'active',
  status: 'status',
  inbound_number_id: 'inbound_number_id',
  outbound_number_id: 'outbound_number_id',
  updated_at: 'updated_at',
});
export const agentWebhookSchema = AGENT_WEBHOOK_FIELDS.schema;
export type AgentWebhookData = Static<typeof agentWebhookSchema>;

/** `agent.status_changed`: the agent plus the status it left. */
export const agentStatusChangedWebhookSchema = payload({
  ...agentWebhookSchema.properties,
  previous_status: agentStatusChangedSchema.properties.previous_status,
});
export type AgentStatusChangedWebhookData = Static<typeof agentStatusChangedWebhookSchema>;

/**
 * `agent.performance`: the agent's share of successful calls over its last `window` calls fell
 * below its minimum (`below_threshold`) or came back to it (`recovered`) — the platform's event
 * without the company.
 */
export const agentPerformanceWebhookSchema = Type.Omit(agentPerformanceSchema, ['company_id']);
export type AgentPerformanceWebhookData = Static<typeof agentPerformanceWebhookSchema>;
