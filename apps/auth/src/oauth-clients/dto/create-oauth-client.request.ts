import { IsBoolean, IsString, Matches, MaxLength, MinLength } from 'class-validator';

export class CreateOAuthClientRequest {
  @IsString()
  @MinLength(1)
  @MaxLength(255)
  name!: string;

  /** The one redirect URI, as a full URL with its protocol; checked further by redirectUriProblem. */
  @IsString()
  @MaxLength(2000)
  redirect_uri!: string;

  @IsBoolean()
  confidential!: boolean;

  @IsString()
  @Matches(/^[1-9][0-9]{0,17}$/, { message: 'company_id must be a company id' })
  company_id!: string;
}
