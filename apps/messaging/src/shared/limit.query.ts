import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** `limit` query parameter: an integer in [1, max]; anything else is 400 (never clamped silently). */
export const LimitParam = (defaultValue: number, max: number) =>
  applyDecorators(
    ApiPropertyOptional({ type: Number, default: defaultValue, minimum: 1, maximum: max }),
    IsOptional(),
    Type(() => Number),
    IsInt({ message: `limit must be an integer between 1 and ${max}` }),
    Min(1, { message: `limit must be an integer between 1 and ${max}` }),
    Max(max, { message: `limit must be an integer between 1 and ${max}` }),
  );
