import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, MaxLength } from 'class-validator';
import { IsNotBlank } from '@suite/http';
import { IsPlatformIdValue } from '../../../ids/platform-id-value';

/** The most stages a pipeline is created with. */
export const MAX_STAGES = 50;

export class CreatePipelineRequest {
  @ApiProperty({ maxLength: 255, example: 'Sales' })
  @IsString()
  @IsNotBlank()
  @MaxLength(255)
  name!: string;

  @ApiProperty({
    type: [String],
    minItems: 1,
    maxItems: MAX_STAGES,
    description: 'Stage names in order; `sorting_order` follows it from 1.',
    example: ['New', 'Contacted', 'Won'],
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_STAGES)
  @IsString({ each: true })
  @IsNotBlank({ each: true })
  @MaxLength(255, { each: true })
  stages!: string[];
}

export class MoveStageRequest {
  @IsPlatformIdValue({ description: 'The contact: numeric id or base64 (or an encrypted id)' })
  contact_id!: number | string;

  @IsPlatformIdValue({ description: 'The stage to move to: numeric id or base64 (or an encrypted id)' })
  stage_id!: number | string;
}

export class UpdateStageRequest {
  @ApiProperty({ maxLength: 255, example: 'Qualified' })
  @IsString()
  @IsNotBlank()
  @MaxLength(255)
  stage_name!: string;
}
