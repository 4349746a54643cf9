import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { IsNotBlank } from '@suite/http';

/** POST /api/phone-numbers/purchase: buys the number a search offered. */
export class PurchaseNumberRequest {
  @ApiProperty({
    maxLength: 2048,
    description: 'A record’s purchase_token from GET /api/phone-numbers/search-available (valid 10 minutes, once)',
  })
  @IsString()
  @IsNotBlank()
  @MaxLength(2048)
  purchase_token!: string;
}
