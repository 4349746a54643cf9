import { ApiProperty } from '@nestjs/swagger';
import { AGENT_STATUSES, type AgentStatus } from '@suite/contracts';
import { apiId } from '../../../shared/api-ids';
import type { AgentEntity } from '../agent.entity';

export interface AgentPerformanceResponse {
  min_success_rate: number;
  window: number;
}

export class AgentResponse {
  @ApiProperty({ type: 'integer', example: 12 }) id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true }) voice!: string | null;
  @ApiProperty({ type: String, nullable: true }) prompt!: string | null;
  @ApiProperty({ description: 'Whether the agent is offered at all' }) active!: boolean;
  @ApiProperty({ enum: AGENT_STATUSES, description: 'Whether it takes calls now' }) status!: AgentStatus;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Phone number id it answers' }) inbound_number_id!: number | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Phone number id it calls from' }) outbound_number_id!:
    number | null;
  @ApiProperty({ type: String, nullable: true, description: 'E.164 of inbound_number_id' }) inbound_number!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'E.164 of outbound_number_id' }) outbound_number!: string | null;
  @ApiProperty({
    type: 'object',
    nullable: true,
    required: ['min_success_rate', 'window'],
    properties: {
      min_success_rate: { type: 'number', minimum: 0, maximum: 1 },
      window: { type: 'integer', minimum: 1 },
    },
    description: 'The performance threshold; null when none',
  })
  performance!: AgentPerformanceResponse | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

/** The E.164 of each phone number id an agent names (missing ids map to nothing). */
export type NumbersById = ReadonlyMap<string, string>;

export const mapAgent = (agent: AgentEntity, numbers: NumbersById): AgentResponse => ({
  id: apiId(agent.id),
  name: agent.name,
  voice: agent.voice,
  prompt: agent.prompt,
  active: agent.active,
  status: agent.status,
  inbound_number_id: agent.inboundNumberId === null ? null : apiId(agent.inboundNumberId),
  outbound_number_id: agent.outboundNumberId === null ? null : apiId(agent.outboundNumberId),
  inbound_number: agent.inboundNumberId === null ? null : (numbers.get(agent.inboundNumberId) ?? null),
  outbound_number: agent.outboundNumberId === null ? null : (numbers.get(agent.outboundNumberId) ?? null),
  performance:
    agent.minSuccessRate === null || agent.performanceWindow === null
      ? null
      : { min_success_rate: agent.minSuccessRate, window: agent.performanceWindow },
  created_at: agent.createdAt.toISOString(),
  updated_at: agent.updatedAt.toISOString(),
});
