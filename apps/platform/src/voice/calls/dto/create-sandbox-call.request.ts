import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsString, IsUrl, MaxLength } from 'class-validator';
import {
  CALL_DIRECTIONS,
  CALL_SENTIMENTS,
  HANGUP_REASONS,
  type CallDirection,
  type CallSentiment,
  type HangupReason,
} from '@suite/contracts';
import { IsIntInRange, IsNotBlank, IsOmittable } from '@suite/http';
import { IsPlatformIdValue } from '../../../ids/platform-id-value';
import { IsOffsetDateTime, MAX_DATE_TIME_TEXT } from '../../../shared/date.validators';
import {
  MAX_CALL_DURATION_SECONDS,
  MAX_DISPOSITION_LENGTH,
  MAX_RECORDING_URL_LENGTH,
  MAX_TRANSCRIPTION_LENGTH,
} from '../../provider/voice-callback-codec';

/** POST /api/sandbox/calls: a whole simulated call, as its outcome. Consistency rules: sandbox-call-rules.ts. */
export class CreateSandboxCallRequest {
  @ApiProperty({ enum: CALL_DIRECTIONS })
  @IsIn(CALL_DIRECTIONS)
  direction!: CallDirection;

  @ApiProperty({ maxLength: 32, description: 'The caller; E.164 (normalised), else 422', example: '+12125550100' })
  @IsString()
  @MaxLength(32)
  from_number!: string;

  @ApiProperty({ maxLength: 32, description: 'The called number; E.164 (normalised), else 422', example: '+13105550121' })
  @IsString()
  @MaxLength(32)
  to_number!: string;

  @IsPlatformIdValue({ required: false, description: 'An AI agent of the company (numeric or base64 id), else 422' })
  @IsOmittable()
  agent_id?: number | string;

  @IsPlatformIdValue({ required: false, description: 'A CRM contact of the company (numeric or base64 id), else 422' })
  @IsOmittable()
  contact_id?: number | string;

  @ApiProperty({ description: 'Whether the call was answered' })
  @IsBoolean()
  answered!: boolean;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    maximum: MAX_CALL_DURATION_SECONDS,
    description: 'Seconds connected; 0 when not answered',
  })
  @IsIntInRange(0, MAX_CALL_DURATION_SECONDS)
  duration_seconds!: number;

  @ApiPropertyOptional({ description: 'Transferred to a human (requires answered); default false' })
  @IsOmittable()
  @IsBoolean()
  transferred?: boolean;

  @ApiPropertyOptional({ enum: CALL_SENTIMENTS })
  @IsOmittable()
  @IsIn(CALL_SENTIMENTS)
  sentiment?: CallSentiment;

  @ApiPropertyOptional({ description: 'Omitted: null' })
  @IsOmittable()
  @IsBoolean()
  call_successful?: boolean;

  @ApiPropertyOptional({
    enum: HANGUP_REASONS,
    description: 'Default: call_transfer when transferred, user_hangup when answered, else dial_no_answer',
  })
  @IsOmittable()
  @IsIn(HANGUP_REASONS)
  hangup_reason?: HangupReason;

  @ApiPropertyOptional({
    maxLength: MAX_DISPOSITION_LENGTH,
    description: 'Moves the contact to the stages linked to it (PUT /api/pipeline/stages/{id}/dispositions)',
    example: 'interested',
  })
  @IsOmittable()
  @IsString()
  @IsNotBlank()
  @MaxLength(MAX_DISPOSITION_LENGTH)
  disposition?: string;

  @ApiPropertyOptional({ maxLength: MAX_TRANSCRIPTION_LENGTH })
  @IsOmittable()
  @IsString()
  @MaxLength(MAX_TRANSCRIPTION_LENGTH)
  transcription?: string;

  @ApiPropertyOptional({ maxLength: MAX_RECORDING_URL_LENGTH, description: 'An https URL', example: 'https://example.com/r.mp3' })
  @IsOmittable()
  @IsString()
  @MaxLength(MAX_RECORDING_URL_LENGTH)
  @IsUrl({ protocols: ['https'], require_protocol: true }, { message: 'recording_url must be an https URL' })
  recording_url?: string;

  @ApiPropertyOptional({
    format: 'date-time',
    maxLength: MAX_DATE_TIME_TEXT,
    description: 'When the call started; default now. May be in the past, not in the future',
  })
  @IsOmittable()
  @IsOffsetDateTime()
  started_at?: string;
}

/** 201 data of POST /api/sandbox/calls. */
export class CreatedSandboxCallResponse {
  @ApiProperty({ maxLength: 64, example: 'sbx_call_3f2a…', description: 'GET /api/calls/{call_id}' }) call_id!: string;
}
