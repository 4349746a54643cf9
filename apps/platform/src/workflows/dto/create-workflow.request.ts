import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { IsNotBlank, IsOmittable } from '@suite/http';
import { IsPlatformIdValue } from '../../ids/platform-id-value';
import { IsTriggerConfig } from './trigger-config.property';

export const MAX_WORKFLOW_NAME = 255;
export const MAX_WORKFLOW_DESCRIPTION = 10_000;

/** POST /api/Workflow/create: every field optional, no body at all too (a blank draft with a generated name). */
export class CreateWorkflowRequest {
  @ApiPropertyOptional({
    maxLength: MAX_WORKFLOW_NAME,
    description: 'Default: "Untitled workflow <Y-m-d H:i> UTC"',
    example: 'New lead follow-up',
  })
  @IsOmittable()
  @IsString()
  @IsNotBlank()
  @MaxLength(MAX_WORKFLOW_NAME)
  name?: string;

  @ApiPropertyOptional({ maxLength: MAX_WORKFLOW_DESCRIPTION, example: 'Texts every new lead' })
  @IsOmittable()
  @IsString()
  @MaxLength(MAX_WORKFLOW_DESCRIPTION)
  description?: string;

  @IsTriggerConfig(false)
  @IsOmittable()
  trigger_config?: Record<string, unknown>;

  @IsPlatformIdValue({ required: false, description: 'A folder of the company (numeric, base64 or encrypted id)' })
  @IsOmittable()
  folder_id?: number | string;
}
