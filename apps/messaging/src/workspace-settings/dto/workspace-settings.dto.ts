import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { MESSAGING_DEFAULTS } from '../workspace-defaults';
import type { EffectiveSettings } from '../effective-settings';
import { IsNotBlank } from '@suite/http';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** The end may also be 24:00 (until midnight; send-window.ts): 00:00–24:00 is "any time of day". */
const HH_MM_OR_MIDNIGHT = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/**
 * PUT /internal/workspaces/{company_id}/settings replaces the workspace's overrides: a field
 * omitted or null goes back to the default (config/messaging-defaults.ts).
 */
export class PutWorkspaceSettingsRequest {
  // `type` is spelt out in each @ApiPropertyOptional: for `string | null` TypeScript's metadata says Object.
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: MESSAGING_DEFAULTS.sendWindowStart,
    description: "'HH:MM', recipient's local time",
  })
  @IsOptional()
  @Matches(HH_MM, { message: "send_window_start must be a time 'HH:MM' (00:00 to 23:59)" })
  send_window_start?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: MESSAGING_DEFAULTS.sendWindowEnd,
    description: "'HH:MM' or '24:00' (until midnight), exclusive",
  })
  @IsOptional()
  @Matches(HH_MM_OR_MIDNIGHT, { message: "send_window_end must be a time 'HH:MM' (00:00 to 23:59) or 24:00" })
  send_window_end?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 480, description: 'auto-reply to HELP/INFO' })
  @IsOptional()
  @IsString()
  @IsNotBlank()
  @MaxLength(480)
  help_reply?: string | null;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 0.01,
    maximum: 100,
    description: 'messages per second per number',
    example: MESSAGING_DEFAULTS.perSecondRate,
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0.01)
  @Max(100)
  per_second_rate?: number | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 0, maximum: 365, example: MESSAGING_DEFAULTS.warmupDays })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(365)
  warmup_days?: number | null;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: 100_000,
    example: MESSAGING_DEFAULTS.dailyNewContactsStart,
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100_000)
  daily_new_contacts_start?: number | null;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: 100_000,
    example: MESSAGING_DEFAULTS.dailyNewContactsMax,
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100_000)
  daily_new_contacts_max?: number | null;
}

export class WorkspaceSettingsResponse {
  @ApiProperty() company_id!: string;
  @ApiProperty() send_window_start!: string;
  @ApiProperty() send_window_end!: string;
  @ApiProperty() help_reply!: string;
  @ApiProperty() per_second_rate!: number;
  @ApiProperty() warmup_days!: number;
  @ApiProperty() daily_new_contacts_start!: number;
  @ApiProperty() daily_new_contacts_max!: number;
  @ApiProperty({ type: [String], description: 'the fields this workspace overrides; the others are defaults' })
  overridden!: string[];
}

export function mapWorkspaceSettings(
  companyId: string,
  settings: EffectiveSettings,
  overridden: string[],
): WorkspaceSettingsResponse {
  return {
    company_id: companyId,
    send_window_start: settings.sendWindowStart,
    send_window_end: settings.sendWindowEnd,
    help_reply: settings.helpReply,
    per_second_rate: settings.perSecondRate,
    warmup_days: settings.warmupDays,
    daily_new_contacts_start: settings.dailyNewContactsStart,
    daily_new_contacts_max: settings.dailyNewContactsMax,
    overridden,
  };
}
