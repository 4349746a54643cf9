import type { AgentSnapshotData } from '@suite/contracts';
import type { AgentEntity } from './agent.entity';

/** The payload of `agent.created|updated|deleted` (and the base of `agent.status_changed`): ids as numeric strings. */
export const agentSnapshot = (agent: AgentEntity, changedBy: string | null): AgentSnapshotData => ({
  id: agent.id,
  company_id: agent.companyId,
  name: agent.name,
  voice: agent.voice,
  active: agent.active,
  status: agent.status,
  inbound_number_id: agent.inboundNumberId,
  outbound_number_id: agent.outboundNumberId,
  min_success_rate: agent.minSuccessRate,
  performance_window: agent.performanceWindow,
  updated_at: agent.updatedAt.toISOString(),
  changed_by: changedBy,
});
