import type { CampaignData } from '@suite/contracts';
import type { CampaignEntity } from './campaign.entity';

/** The payload of `campaign.started`, `campaign.stopped` and `campaign.completed`: ids as numeric strings. */
export const campaignSnapshot = (campaign: CampaignEntity, changedBy: string | null): CampaignData => ({
  id: campaign.id,
  company_id: campaign.companyId,
  name: campaign.name,
  status: campaign.status,
  list_id: campaign.listId,
  agent_id: campaign.agentId,
  caller_number: campaign.callerNumber,
  total_contacts: campaign.totalContacts,
  done_contacts: campaign.doneContacts,
  started_at: campaign.startedAt?.toISOString() ?? null,
  completed_at: campaign.completedAt?.toISOString() ?? null,
  changed_by: changedBy,
});
