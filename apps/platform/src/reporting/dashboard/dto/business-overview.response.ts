import { ApiProperty } from '@nestjs/swagger';
import { AD_PROVIDERS, type AdProvider } from '../../ad-accounts/ad-provider';
import { DASHBOARD_RANGES, type DashboardRange } from '../../ranges/dashboard-ranges';

const nullableNumber = (description: string) => ({ type: Number, nullable: true, description });

export class BusinessCallsResponse {
  @ApiProperty({ type: 'integer', description: 'Outbound calls (dialer and AI agents) started in the range' }) placed!: number;
  @ApiProperty({ type: 'integer', description: 'Of those, answered' }) connected!: number;
  @ApiProperty(nullableNumber('connected / placed × 100, one decimal; null when none was placed')) contact_rate!: number | null;
  @ApiProperty({ type: 'integer', description: 'Their summed duration' }) duration_seconds!: number;
  @ApiProperty({ example: '3h 04m', description: '`0s`, `45s`, `12m 05s`, `3h 04m`' }) duration_label!: string;
}

export class BusinessSmsResponse {
  @ApiProperty({ type: 'integer', description: 'Outbound texts created in the range and handed to a carrier' }) sent!: number;
  @ApiProperty({ type: 'integer' }) delivered!: number;
  @ApiProperty({ type: 'integer' }) failed!: number;
  @ApiProperty(nullableNumber('delivered / sent × 100, one decimal; null when none was sent')) delivery_rate!: number | null;
}

export class BusinessTrendDayResponse {
  @ApiProperty({ example: '2026-11-24', description: 'A local day of the range' }) date!: string;
  @ApiProperty({ example: 'Nov 24' }) label!: string;
  @ApiProperty({ type: 'integer' }) leads!: number;
  @ApiProperty({ type: 'integer' }) appointments!: number;
}

export class BusinessChannelResponse {
  @ApiProperty({ enum: AD_PROVIDERS }) id!: AdProvider;
  @ApiProperty({ example: 'Facebook Ads' }) name!: string;
  @ApiProperty({ type: 'integer', description: 'Contacts created in the range with this source' }) leads!: number;
  @ApiProperty(nullableNumber("The account's spend in the range, in its currency; null when not connected or not synced yet"))
  spend!: number | null;
  @ApiProperty() connected!: boolean;
  @ApiProperty(nullableNumber('spend / leads; null when spend is null or leads is 0')) cost_per_lead!: number | null;
}

/** The spec's "Business overview data". */
export class BusinessOverviewResponse {
  @ApiProperty() company_name!: string;
  @ApiProperty({ example: 'America/New_York', description: 'The time zone the range is evaluated in' }) timezone!: string;
  @ApiProperty({ enum: DASHBOARD_RANGES }) range!: DashboardRange;
  @ApiProperty({ example: 'This month' }) range_label!: string;
  @ApiProperty({ example: '2026-11-01 00:00', description: 'Local Y-m-d H:i, the first minute of the range' }) start!: string;
  @ApiProperty({ example: '2026-11-24 23:59', description: 'Local Y-m-d H:i, the last minute of the range' }) end!: string;
  @ApiProperty({ type: 'integer', description: 'Contacts created in the range' }) leads!: number;
  @ApiProperty({ type: 'integer', description: 'Appointments booked in the range (not cancelled)' }) appointments!: number;
  @ApiProperty(
    nullableNumber('Sum of the connected ad accounts; null when none is connected, one has not synced, or currencies differ'),
  )
  spend!: number | null;
  @ApiProperty({ example: 'USD' }) spend_currency!: string;
  @ApiProperty({ example: 'Spend from Facebook Ads (act_123) and Google Ads (123-456-7890).' }) spend_note!: string;
  @ApiProperty(nullableNumber('spend / leads; null when spend is null or leads is 0')) cost_per_lead!: number | null;
  @ApiProperty(nullableNumber('spend / appointments; null when spend is null or appointments is 0')) cost_per_booked!:
    number | null;
  @ApiProperty({ type: BusinessCallsResponse }) calls!: BusinessCallsResponse;
  @ApiProperty({ type: BusinessSmsResponse }) sms!: BusinessSmsResponse;
  @ApiProperty({ type: [BusinessTrendDayResponse], description: 'One row per local day of the range' })
  trend!: BusinessTrendDayResponse[];
  @ApiProperty({ type: [BusinessChannelResponse] }) channels!: BusinessChannelResponse[];
}
