import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsPageNumber } from '@suite/http';

/** The chatbot picker's page size (the spec's limits table: 15 rows). */
export const DSI_AGENTS_PAGE_SIZE = 15;

/** GET /api/phone-numbers/dsi-agents: the signed-in company only, so no company_id. */
export class DsiAgentsQuery {
  @ApiPropertyOptional({ maxLength: 255, description: 'Part of the agent name (case-insensitive)' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  q?: string;

  @ApiPropertyOptional({
    maxLength: 200,
    description: 'Only this agent: numeric id (42), base64 (NDI=) or an encrypted id; an unknown one gives no results',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  id?: string;

  @ApiPropertyOptional({ default: 1, minimum: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsPageNumber()
  page?: number;
}
