import { payload, type Static } from '../events/payload-schema';
import { campaignSchema } from '../events/platform-campaign.events';

const campaign = campaignSchema.properties;

/** `data` of `campaign.started` and `campaign.completed`: the platform's `campaign.*` event, its id as `campaign_id`. */
export const campaignWebhookSchema = payload({
  campaign_id: campaign.id,
  name: campaign.name,
  /** `running` for campaign.started, `completed` for campaign.completed. */
  status: campaign.status,
  list_id: campaign.list_id,
  agent_id: campaign.agent_id,
  started_at: campaign.started_at,
  /** Null until the campaign completes. */
  completed_at: campaign.completed_at,
  /** Contacts the campaign calls, and how many are done. */
  total_contacts: campaign.total_contacts,
  done_contacts: campaign.done_contacts,
});
export type CampaignWebhookData = Static<typeof campaignWebhookSchema>;
