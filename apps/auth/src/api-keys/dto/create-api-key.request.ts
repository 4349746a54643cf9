import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsNotBlank } from '@suite/http';

export class CreateApiKeyRequest {
  @ApiProperty({ maxLength: 255, example: 'Website SMS form' })
  @IsString()
  @IsNotBlank()
  @MaxLength(255)
  name!: string;

  @ApiPropertyOptional({ description: "An agency's child company; default: the caller's company.", example: '12' })
  @IsOptional()
  @Matches(/^[1-9][0-9]{0,17}$/, { message: 'company_id must be a company id' })
  company_id?: string;
}
