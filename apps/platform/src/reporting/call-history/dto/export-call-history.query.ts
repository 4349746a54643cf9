import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { CompanyQuery } from '@suite/authz';
import { CALL_DIRECTIONS, CALL_SENTIMENTS, HANGUP_REASONS } from '@suite/contracts';
import { IsOmittable } from '@suite/http';
import { CALL_HISTORY_RANGES } from '../../ranges/call-history-ranges';
import { CALL_HISTORY_COLUMN_KEYS } from '../call-history-columns';

/**
 * GET /api/ai/call-history/export. The pipe checks only the shape — each parameter given once,
 * as text of a bounded length (400 otherwise); what the values mean (a preset, a date, a
 * duration, a column key, the limit's range) is checked by parseExportRequest, which answers
 * 422 naming the parameter, as the spec's export does.
 */
export class ExportCallHistoryQuery extends CompanyQuery {
  @ApiProperty({ enum: ['csv'], description: 'The file format; only `csv`.' })
  @IsOmittable()
  @IsString()
  @MaxLength(10)
  format?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 10_000,
    default: 5000,
    description: 'At most this many rows, newest first.',
  })
  @IsOmittable()
  @IsString()
  @MaxLength(10)
  limit?: string;

  @ApiPropertyOptional({
    enum: CALL_HISTORY_RANGES,
    description: 'A preset window in the company’s time zone; not with start_date/end_date. Neither: all time.',
  })
  @IsOmittable()
  @IsString()
  @MaxLength(30)
  date_range?: string;

  @ApiPropertyOptional({ format: 'date', example: '2026-11-01', description: 'First local day (Y-m-d), inclusive.' })
  @IsOmittable()
  @IsString()
  @MaxLength(10)
  start_date?: string;

  @ApiPropertyOptional({ format: 'date', example: '2026-11-30', description: 'Last local day (Y-m-d), inclusive.' })
  @IsOmittable()
  @IsString()
  @MaxLength(10)
  end_date?: string;

  @ApiPropertyOptional({
    type: 'string',
    example: 'All',
    description: '`All` (default) or an agent id; an agent the company does not have matches no call (404).',
  })
  @IsOmittable()
  @IsString()
  @MaxLength(20)
  agent_id?: string;

  @ApiPropertyOptional({ enum: ['All', ...CALL_DIRECTIONS], default: 'All' })
  @IsOmittable()
  @IsString()
  @MaxLength(10)
  direction?: string;

  @ApiPropertyOptional({
    enum: ['All', ...CALL_SENTIMENTS],
    default: 'All',
    description: '`Unknown` also matches calls without a sentiment.',
  })
  @IsOmittable()
  @IsString()
  @MaxLength(10)
  user_sentiment?: string;

  @ApiPropertyOptional({ enum: ['All', 'Yes', 'No'], default: 'All' })
  @IsOmittable()
  @IsString()
  @MaxLength(10)
  call_successful?: string;

  @ApiPropertyOptional({ enum: ['All', ...HANGUP_REASONS], default: 'All' })
  @IsOmittable()
  @IsString()
  @MaxLength(30)
  hangup_reason?: string;

  @ApiPropertyOptional({
    type: 'string',
    maxLength: 16,
    example: '+1415',
    description: 'Part of the caller’s number: `+` and digits.',
  })
  @IsOmittable()
  @IsString()
  @MaxLength(16)
  from_number?: string;

  @ApiPropertyOptional({
    type: 'string',
    maxLength: 16,
    example: '5550100',
    description: 'Part of the called number: `+` and digits.',
  })
  @IsOmittable()
  @IsString()
  @MaxLength(16)
  to_number?: string;

  @ApiPropertyOptional({
    type: 'string',
    example: '00:01:00',
    description: 'H:i:s or seconds; `00:00:00` (default) = no minimum.',
  })
  @IsOmittable()
  @IsString()
  @MaxLength(12)
  min_duration?: string;

  @ApiPropertyOptional({ type: 'string', example: 'All', description: 'H:i:s or seconds; `All` (default) = no maximum.' })
  @IsOmittable()
  @IsString()
  @MaxLength(12)
  max_duration?: string;

  @ApiPropertyOptional({
    type: 'string',
    example: 'started_at,agent_name,duration,transcript',
    description: `Comma-separated column keys, in the file's order (repeats are dropped); default all: ${CALL_HISTORY_COLUMN_KEYS.join(', ')}.`,
  })
  @IsOmittable()
  @IsString()
  @MaxLength(1000)
  columns?: string;

  @ApiPropertyOptional({
    enum: ['0', '1'],
    default: '0',
    description: '`1` starts the file with a UTF-8 byte order mark (for Excel).',
  })
  @IsOmittable()
  @IsString()
  @MaxLength(10)
  bom?: string;
}
