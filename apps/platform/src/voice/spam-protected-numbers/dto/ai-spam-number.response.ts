import { ApiProperty } from '@nestjs/swagger';

export const AI_SPAM_STATUSES = ['Flagged', 'In Progress'] as const;
export type AiSpamStatus = (typeof AI_SPAM_STATUSES)[number];

/** A row of the AI spam-numbers dashboard (`span_status` is spelled as the spec gives it). */
export class AiSpamNumberResponse {
  @ApiProperty({ type: 'integer', description: 'The spam-protected number row (as in /api/spam-protected-numbers)' }) id!: number;
  @ApiProperty({ maxLength: 20, example: '+14155550127' }) phone_number!: string;
  @ApiProperty({ type: String, nullable: true, maxLength: 255 }) nickname!: string | null;
  @ApiProperty({ enum: AI_SPAM_STATUSES }) span_status!: AiSpamStatus;
  @ApiProperty({ type: String, nullable: true, maxLength: 8, example: '415', description: 'Null when the number has none' })
  area_code!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The agent answering the number' }) inbound_agent!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The agents calling from the number, by name, joined with ", "',
  })
  outbound_agent!: string | null;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}
