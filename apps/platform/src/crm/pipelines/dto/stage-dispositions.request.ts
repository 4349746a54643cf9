import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString, MaxLength } from 'class-validator';
import { IsNotBlank } from '@suite/http';

export const MAX_STAGE_DISPOSITIONS = 50;
export const MAX_DISPOSITION_NAME = 100;

/** PUT /api/pipeline/stages/{id}/dispositions: the stage's whole set of dispositions. */
export class StageDispositionsRequest {
  @ApiProperty({
    type: 'array',
    maxItems: MAX_STAGE_DISPOSITIONS,
    items: { type: 'string', minLength: 1, maxLength: MAX_DISPOSITION_NAME },
    example: ['interested', 'appointment_booked'],
    description:
      'Call dispositions that move a contact to this stage; trimmed, lower-cased, duplicates dropped; replaces the set ([] clears it). ' +
      'One already linked to another stage of the pipeline moves here.',
  })
  @IsArray()
  @ArrayMaxSize(MAX_STAGE_DISPOSITIONS)
  @IsString({ each: true })
  @IsNotBlank({ each: true })
  @MaxLength(MAX_DISPOSITION_NAME, { each: true })
  dispositions!: string[];
}

/** 200 data of PUT /api/pipeline/stages/{id}/dispositions. */
export class StageDispositionsResponse {
  @ApiProperty({ description: 'base64 id' }) stage_id!: string;
  @ApiProperty({ type: [String], description: 'The stage’s dispositions now, normalised, in the order given' })
  dispositions!: string[];
}
