import { ApiProperty } from '@nestjs/swagger';
import { CAMPAIGN_STATUSES, type CampaignStatus } from '@suite/contracts';
import { apiId, base64Id } from '../../../shared/api-ids';
import type { CampaignWithProgress } from '../campaigns.service';

export class CallingWindowResponse {
  @ApiProperty({ example: '09:00' }) start!: string;
  @ApiProperty({ example: '20:00' }) end!: string;
}

/** Where the campaign's contacts are; pending + calling + done + skipped = total. */
export class CampaignProgressResponse {
  @ApiProperty({ type: 'integer', description: 'Contacts whose call ended (or that the provider refused)' }) done!: number;
  @ApiProperty({
    type: 'integer',
    description: 'Contacts of the campaign (its list’s contacts with a phone when it first started)',
  })
  total!: number;
  @ApiProperty({ type: 'integer', description: 'Contacts whose phone is not a valid number: never called' }) skipped!: number;
  @ApiProperty({ type: 'integer', description: 'Calls in flight' }) calling!: number;
  @ApiProperty({ type: 'integer', description: 'Contacts not called yet (some may wait for their calling window)' })
  pending!: number;
}

export class CampaignResponse {
  @ApiProperty({ description: 'base64 id', example: 'Nw==' }) id!: string;
  @ApiProperty({ maxLength: 255 }) name!: string;
  @ApiProperty({ enum: CAMPAIGN_STATUSES }) status!: CampaignStatus;
  @ApiProperty({ description: 'The list called (base64 id)', example: 'Mw==' }) list_id!: string;
  @ApiProperty({ type: 'integer', nullable: true, description: 'The AI agent calling (its outbound number)' }) agent_id!:
    number | null;
  @ApiProperty({ type: String, nullable: true, description: 'The number called from (E.164), when no agent' })
  caller_number!: string | null;
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 60 }) calls_per_minute!: number;
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 20 }) max_concurrent_calls!: number;
  @ApiProperty({ type: CallingWindowResponse }) calling_window!: CallingWindowResponse;
  @ApiProperty({ type: 'integer', description: 'As in the campaign events: the contacts called' }) total_contacts!: number;
  @ApiProperty({ type: 'integer', description: 'As in the campaign events: done + skipped' }) done_contacts!: number;
  @ApiProperty({ type: CampaignProgressResponse }) progress!: CampaignProgressResponse;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'First start' }) started_at!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) stopped_at!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) completed_at!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export const mapCampaign = ({ campaign, progress }: CampaignWithProgress): CampaignResponse => ({
  id: base64Id(campaign.id),
  name: campaign.name,
  status: campaign.status,
  list_id: base64Id(campaign.listId),
  agent_id: campaign.agentId === null ? null : apiId(campaign.agentId),
  caller_number: campaign.callerNumber,
  calls_per_minute: campaign.callsPerMinute,
  max_concurrent_calls: campaign.maxConcurrentCalls,
  calling_window: { start: campaign.windowStart, end: campaign.windowEnd },
  total_contacts: campaign.totalContacts,
  done_contacts: campaign.doneContacts,
  progress: {
    done: progress.done,
    total: progress.total,
    skipped: progress.skipped,
    calling: progress.calling,
    pending: progress.pending,
  },
  started_at: campaign.startedAt?.toISOString() ?? null,
  stopped_at: campaign.stoppedAt?.toISOString() ?? null,
  completed_at: campaign.completedAt?.toISOString() ?? null,
  created_at: campaign.createdAt.toISOString(),
});
