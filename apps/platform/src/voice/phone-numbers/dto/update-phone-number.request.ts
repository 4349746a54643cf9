import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsNotBlank } from '@suite/http';

/** PUT /api/phone-numbers/{id}: the company's name for the number. */
export class UpdatePhoneNumberRequest {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 255,
    description: 'The new nickname; null clears it, omitted leaves it as it is',
    example: 'Front desk',
  })
  @IsOptional()
  @IsString()
  @IsNotBlank()
  @MaxLength(255)
  nickname?: string | null;
}
