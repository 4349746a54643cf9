import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsNotBlank, IsOmittable } from '@suite/http';
import { IsPlatformIdValue } from '../../ids/platform-id-value';
import { MAX_WORKFLOW_DESCRIPTION, MAX_WORKFLOW_NAME } from './create-workflow.request';
import { IsTriggerConfig } from './trigger-config.property';

/** PUT /api/Workflow/builder/{id}: the full graph, and optionally the name, description and folder. */
export class SaveBuilderRequest {
  @IsTriggerConfig(true)
  trigger_config!: Record<string, unknown>;

  @ApiPropertyOptional({ maxLength: MAX_WORKFLOW_NAME, example: 'New lead follow-up' })
  @IsOmittable()
  @IsString()
  @IsNotBlank()
  @MaxLength(MAX_WORKFLOW_NAME)
  name?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_WORKFLOW_DESCRIPTION, description: 'null clears it' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_WORKFLOW_DESCRIPTION)
  description?: string | null;

  @IsPlatformIdValue({ required: false, nullable: true, description: 'A folder of the company; null moves it out of its folder' })
  @IsOptional()
  folder_id?: number | string | null;
}
