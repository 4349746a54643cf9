import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { IsNotBlank, IsOmittable } from '@suite/http';
import { IsPlatformIdValue } from '../../../ids/platform-id-value';

export const MAX_FOLDER_NAME = 100;

/** PUT /api/Workflow/folder/update/{id}. */
export class RenameFolderRequest {
  @ApiProperty({ maxLength: MAX_FOLDER_NAME, example: 'Lead nurturing' })
  @IsString()
  @IsNotBlank()
  @MaxLength(MAX_FOLDER_NAME)
  f_name!: string;
}

/** POST /api/Workflow/folder. */
export class CreateFolderRequest extends RenameFolderRequest {
  @IsPlatformIdValue({ required: false, description: 'Create it inside this folder of the company (base64 or numeric id)' })
  @IsOmittable()
  parent_id?: number | string;
}
