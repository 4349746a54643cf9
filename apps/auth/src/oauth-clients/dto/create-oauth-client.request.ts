import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsString, Matches, MaxLength } from 'class-validator';
import { IsNotBlank } from '@suite/http';

/** Operators' `POST /internal/oauth-clients`: a client for any company, named by `company_id`. */
export class CreateOAuthClientRequest {
  @ApiProperty({ maxLength: 255, example: 'Acme CRM' })
  @IsString()
  @IsNotBlank()
  @MaxLength(255)
  name!: string;

  /** The one redirect URI, as a full URL with its protocol; checked further by redirectUriProblem. */
  @ApiProperty({ maxLength: 2000, example: 'https://crm.example.com/oauth/callback' })
  @IsString()
  @MaxLength(2000)
  redirect_uri!: string;

  @ApiProperty()
  @IsBoolean()
  confidential!: boolean;

  @ApiProperty({ example: '12' })
  @IsString()
  @Matches(/^[1-9][0-9]{0,17}$/, { message: 'company_id must be a company id' })
  company_id!: string;
}
