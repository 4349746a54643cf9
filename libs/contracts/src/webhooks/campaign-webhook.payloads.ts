/**
 * `data` of `campaign.started` and `campaign.completed`. Wired when the CRM/voice issues publish
 * campaign events; until then no webhook of these kinds is ever sent (subscribing is allowed).
 */
export interface CampaignWebhookData {
  campaign_id: string;
  name: string;
  /** `running` for campaign.started, `completed` for campaign.completed. */
  status: string;
  started_at: string;
  /** Null until the campaign completes. */
  completed_at: string | null;
  /** Contacts the campaign targets. */
  total_contacts: number;
}
