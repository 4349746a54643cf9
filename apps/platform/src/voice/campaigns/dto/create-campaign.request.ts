import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { IsIntInRange, IsNotBlank, IsOmittable, IsPhone } from '@suite/http';
import { IsPlatformIdValue } from '../../../ids/platform-id-value';

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const END_OF_DAY = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** Local calling hours, in each contact's time zone: start inclusive, end exclusive; start after end spans midnight. */
export class CallingWindowRequest {
  @ApiProperty({ maxLength: 5, pattern: TIME_OF_DAY.source, example: '09:00' })
  @IsString()
  @MaxLength(5)
  @Matches(TIME_OF_DAY, { message: 'calling_window.start must be HH:MM (00:00 to 23:59)' })
  start!: string;

  @ApiProperty({ maxLength: 5, pattern: END_OF_DAY.source, example: '20:00' })
  @IsString()
  @MaxLength(5)
  @Matches(END_OF_DAY, { message: 'calling_window.end must be HH:MM (00:00 to 23:59, or 24:00)' })
  end!: string;
}

export class CreateCampaignRequest {
  @ApiProperty({ maxLength: 255, example: 'March reactivation' })
  @IsString()
  @IsNotBlank()
  @MaxLength(255)
  name!: string;

  @IsPlatformIdValue({
    description: 'The list of the company whose contacts are called: numeric id, base64 (NDI=) or an encrypted id',
  })
  list_id!: number | string;

  @IsPlatformIdValue({
    required: false,
    description:
      'An active AI agent of the company with an outbound number; it calls from that number. Exactly one of agent_id and caller_number.',
  })
  @IsOmittable()
  agent_id?: number | string;

  @ApiPropertyOptional({
    maxLength: 32,
    description: 'A phone number of the company to call from (E.164). Exactly one of agent_id and caller_number.',
    example: '+14155550123',
  })
  @IsOmittable()
  @IsPhone()
  caller_number?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 60, default: 5, description: 'Calls started per minute at most' })
  @IsOmittable()
  @IsIntInRange(1, 60)
  calls_per_minute?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 20, default: 1, description: 'Calls in flight at once at most' })
  @IsOmittable()
  @IsIntInRange(1, 20)
  max_concurrent_calls?: number;

  @ApiPropertyOptional({ type: CallingWindowRequest, description: 'Default 09:00–20:00' })
  @IsOmittable()
  @IsObject()
  @ValidateNested()
  @Type(() => CallingWindowRequest)
  calling_window?: CallingWindowRequest;
}
