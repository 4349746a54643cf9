import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsNotBlank } from '@suite/http';

export class CreateCompanyRequest {
  @ApiProperty({ maxLength: 255, example: 'Acme Roofing' })
  @IsString()
  @IsNotBlank()
  @MaxLength(255)
  name!: string;

  @ApiPropertyOptional({ description: 'Id of the agency company that owns this one', example: '1' })
  @IsOptional()
  @Matches(/^\d{1,18}$/, { message: 'parent_company_id must be a numeric id' })
  parent_company_id?: string;
}
