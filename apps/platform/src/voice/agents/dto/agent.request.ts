import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength, ValidateBy, type ValidationOptions } from 'class-validator';
import { AGENT_STATUSES, type AgentStatus } from '@suite/contracts';
import { IsNotBlank, IsOmittable } from '@suite/http';
import { IsPlatformIdValue } from '../../../ids/platform-id-value';

export const MAX_AGENT_NAME = 255;
export const MAX_VOICE = 64;
export const MAX_PROMPT = 20_000;
export const MAX_PERFORMANCE_WINDOW = 1_000;

/** A performance threshold: the agent should succeed on at least `min_success_rate` (0–1) of its last `window` ended calls. */
export interface AgentPerformanceFields {
  min_success_rate: number;
  window: number;
}

const isPerformance = (value: unknown): boolean => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { min_success_rate: rate, window, ...rest } = value as Record<string, unknown>;
  return (
    Object.keys(rest).length === 0 &&
    typeof rate === 'number' &&
    Number.isFinite(rate) &&
    rate >= 0 &&
    rate <= 1 &&
    typeof window === 'number' &&
    Number.isInteger(window) &&
    window >= 1 &&
    window <= MAX_PERFORMANCE_WINDOW
  );
};

/** The threshold as one checked object: both keys, each in range, nothing else (unknown keys refused like a DTO's). */
const IsPerformance = (options?: ValidationOptions) =>
  ValidateBy(
    { name: 'isPerformance', validator: { validate: isPerformance } },
    {
      message: `performance must be {min_success_rate: a number from 0 to 1, window: an integer from 1 to ${MAX_PERFORMANCE_WINDOW}} or null`,
      ...options,
    },
  );

/** The fields an agent has besides its name, all optional: the base of create (which requires the name) and update. */
class AgentFields {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_VOICE, example: 'alloy' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_VOICE)
  voice?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_PROMPT, description: 'What the agent is told to do' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_PROMPT)
  prompt?: string | null;

  @IsPlatformIdValue({
    required: false,
    description: 'A live phone number of the company the agent answers (one agent per number); null frees it',
  })
  @IsOptional()
  inbound_number_id?: number | string | null;

  @IsPlatformIdValue({ required: false, description: 'A live phone number of the company the agent calls from; null clears it' })
  @IsOptional()
  outbound_number_id?: number | string | null;

  @ApiPropertyOptional({ default: true, description: 'An inactive agent is kept but not offered, and cannot go online' })
  @IsOmittable()
  @IsBoolean()
  active?: boolean;

  @ApiPropertyOptional({
    // Inline: a nullable nested class documents as a bare `allOf`.
    type: 'object',
    required: ['min_success_rate', 'window'],
    properties: {
      min_success_rate: { type: 'number', minimum: 0, maximum: 1, example: 0.6 },
      window: { type: 'integer', minimum: 1, maximum: MAX_PERFORMANCE_WINDOW, example: 20 },
    },
    nullable: true,
    description: 'The performance threshold; null removes it',
  })
  @IsOptional()
  @IsPerformance()
  performance?: AgentPerformanceFields | null;
}

export class CreateAgentRequest extends AgentFields {
  @ApiProperty({ maxLength: MAX_AGENT_NAME, example: 'Receptionist' })
  @IsString()
  @IsNotBlank()
  @MaxLength(MAX_AGENT_NAME)
  name!: string;
}

/** PUT /api/agents/{id}: the fields sent are replaced, the others kept; null clears a nullable one. */
export class UpdateAgentRequest extends AgentFields {
  @ApiPropertyOptional({ maxLength: MAX_AGENT_NAME, example: 'Receptionist' })
  @IsOmittable()
  @IsString()
  @IsNotBlank()
  @MaxLength(MAX_AGENT_NAME)
  name?: string;
}

/** PUT /api/agents/{id}/status. */
export class AgentStatusRequest {
  @ApiProperty({ enum: AGENT_STATUSES })
  @IsIn(AGENT_STATUSES)
  status!: AgentStatus;
}
