import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsISO8601, IsOptional, IsString, MaxLength } from 'class-validator';
import { FULL_ACCESS_SCOPE, PERMISSIONS } from '@suite/contracts';
import { IsNotBlank } from '@suite/http';

const SCOPES = [FULL_ACCESS_SCOPE, ...PERMISSIONS];

export class CreatePersonalAccessTokenRequest {
  @ApiProperty({ maxLength: 255, example: 'CI deploys' })
  @IsString()
  @IsNotBlank()
  @MaxLength(255)
  name!: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    format: 'date-time',
    description: 'When the token stops working (ISO 8601, in the future); null or absent: never.',
    example: '2030-01-01T00:00:00Z',
  })
  @IsOptional()
  @IsISO8601({ strict: true, strictSeparator: true }, { message: 'expires_at must be an ISO 8601 date' })
  expires_at?: string | null;

  @ApiProperty({ type: [String], enum: SCOPES, description: '["*"] for full access, or permission names.', example: ['*'] })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(SCOPES.length)
  @IsIn(SCOPES, { each: true, message: 'scopes must contain "*" or permission names' })
  scopes!: string[];
}
