import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsNotBlank } from '@suite/http';

/** The public registration body: the company comes from the caller (or an agency's `company_id`). */
export class RegisterOAuthClientRequest {
  @ApiProperty({ maxLength: 255, example: 'Acme CRM' })
  @IsString()
  @IsNotBlank()
  @MaxLength(255)
  name!: string;

  @ApiProperty({
    maxLength: 2000,
    description: 'The one redirect URI, a full URL with its protocol (https, or http on loopback); matched exactly.',
    example: 'https://crm.example.com/oauth/callback',
  })
  @IsString()
  @MaxLength(2000)
  redirect_uri!: string;

  @ApiProperty({ description: 'Confidential clients get a client secret (shown once).' })
  @IsBoolean()
  confidential!: boolean;

  @ApiPropertyOptional({ description: "An agency's child company; default: the caller's company.", example: '12' })
  @IsOptional()
  @Matches(/^[1-9][0-9]{0,17}$/, { message: 'company_id must be a company id' })
  company_id?: string;
}
