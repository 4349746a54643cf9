import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { AD_PROVIDERS } from '../ad-provider';

/**
 * An ad account to connect. Strings of the wrong value (a provider outside the list, an account id
 * not written as its provider writes it) answer 422 by field from the service, as the spec's
 * validation errors do; a wrong type or an overlong string is refused here (400).
 */
export class ConnectAdAccountRequest {
  @ApiProperty({ enum: AD_PROVIDERS, maxLength: 16, example: 'facebook' })
  @IsString()
  @MaxLength(16)
  provider!: string;

  @ApiProperty({
    maxLength: 64,
    example: 'act_1234567890',
    description: 'facebook: `act_` and 1–20 digits; google: ten digits written `NNN-NNN-NNNN`',
  })
  @IsString()
  @MaxLength(64)
  account_id!: string;
}
