import type { Static } from '../events/payload-schema';
import { campaignSchema } from '../events/platform-campaign.events';
import { webhookFields } from './webhook-fields';

/**
 * `data` of `campaign.started` and `campaign.completed`: the platform's `campaign.*` event, its id
 * as `campaign_id`; `status` is `running` for campaign.started, `completed` for campaign.completed.
 */
export const CAMPAIGN_WEBHOOK_FIELDS = webhookFields(campaignSchema, {
  campaign_id: 'id',
  name: 'name',
  status: 'status',
  list_id: 'list_id',
  agent_id: 'agent_id',
  started_at: 'started_at',
  completed_at: 'completed_at',
  total_contacts: 'total_contacts',
  done_contacts: 'done_contacts',
});
export const campaignWebhookSchema = CAMPAIGN_WEBHOOK_FIELDS.schema;
export type CampaignWebhookData = Static<typeof campaignWebhookSchema>;
