import { payloadSchema } from './payload-schema';

/** Payloads on `platform.campaign.v1`: dialer campaigns calling the contacts of a list. */
export const CAMPAIGN_STATUSES = ['draft', 'running', 'stopped', 'completed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** `campaign.started`, `campaign.stopped`, `campaign.completed`: the campaign after the change. Subject: the campaign id. */
export interface CampaignData {
  id: string;
  company_id: string;
  name: string;
  status: CampaignStatus;
  list_id: string;
  agent_id: string | null;
  caller_number: string | null;
  /** Contacts the campaign calls (the list's contacts with a phone number when it first started). */
  total_contacts: number;
  /** Contacts whose call has ended (or that could not be called). */
  done_contacts: number;
  started_at: string | null;
  completed_at: string | null;
  changed_by: string | null;
}

const numericId = { type: 'string', pattern: '^[0-9]+$' } as const;
const nullableNumericId = { type: ['string', 'null'], pattern: '^[0-9]+$' } as const;

export const campaignSchema = payloadSchema<CampaignData>({
  properties: {
    id: numericId,
    company_id: numericId,
    name: { type: 'string', maxLength: 255 },
    status: { type: 'string', enum: CAMPAIGN_STATUSES },
    list_id: numericId,
    agent_id: { ...nullableNumericId, description: 'AI agent id' },
    caller_number: { type: ['string', 'null'], maxLength: 16, description: 'E.164' },
    total_contacts: { type: 'integer', minimum: 0 },
    done_contacts: { type: 'integer', minimum: 0 },
    started_at: { type: ['string', 'null'], format: 'date-time' },
    completed_at: { type: ['string', 'null'], format: 'date-time' },
    changed_by: { ...nullableNumericId, description: 'user id; null when the dialer completed it' },
  },
  required: [
    'id',
    'company_id',
    'name',
    'status',
    'list_id',
    'agent_id',
    'caller_number',
    'total_contacts',
    'done_contacts',
    'started_at',
    'completed_at',
    'changed_by',
  ],
});
