import { defineEvent } from './define-event';
import { nullable, payload, stringEnum, Type, type Static } from './payload-schema';
import { changedBy, companyRecordIds, instant, nullableNumericId, numericId } from './payload-fields';
import { Topics } from './topics';

/** Payloads on `platform.campaign.v1`: dialer campaigns calling the contacts of a list. */
export const CAMPAIGN_STATUSES = ['draft', 'running', 'stopped', 'completed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** `campaign.started`, `campaign.stopped`, `campaign.completed`: the campaign after the change. Subject: the campaign id. */
export const campaignSchema = payload({
  ...companyRecordIds,
  name: Type.String({ maxLength: 255 }),
  status: stringEnum(CAMPAIGN_STATUSES),
  list_id: numericId,
  agent_id: nullableNumericId('AI agent id'),
  caller_number: nullable(Type.String({ maxLength: 16, description: 'E.164' })),
  /** Contacts the campaign calls (the list's contacts with a phone number when it first started). */
  total_contacts: Type.Integer({ minimum: 0 }),
  /** Contacts whose call has ended (or that could not be called). */
  done_contacts: Type.Integer({ minimum: 0 }),
  started_at: nullable(instant),
  completed_at: nullable(instant),
  ...changedBy('user id; null when the dialer completed it'),
});
export type CampaignData = Static<typeof campaignSchema>;

export const PLATFORM_CAMPAIGN_EVENTS = [
  defineEvent(
    'campaign.started',
    Topics.platformCampaign,
    campaignSchema,
    'A dialer campaign started (or was resumed) calling its list.',
  ),
  defineEvent(
    'campaign.stopped',
    Topics.platformCampaign,
    campaignSchema,
    'A dialer campaign was stopped before every contact was called.',
  ),
  defineEvent('campaign.completed', Topics.platformCampaign, campaignSchema, 'Every contact of a dialer campaign is done.'),
] as const;
