import type { CampaignStatus } from '../events/platform-campaign.events';

/** `data` of `campaign.started` and `campaign.completed` (from the platform's `campaign.*` events). */
export interface CampaignWebhookData {
  campaign_id: string;
  name: string;
  /** `running` for campaign.started, `completed` for campaign.completed. */
  status: CampaignStatus;
  list_id: string;
  agent_id: string | null;
  started_at: string | null;
  /** Null until the campaign completes. */
  completed_at: string | null;
  /** Contacts the campaign calls, and how many are done. */
  total_contacts: number;
  done_contacts: number;
}
