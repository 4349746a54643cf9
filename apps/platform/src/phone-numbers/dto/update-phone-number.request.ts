import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, ValidateIf } from 'class-validator';
import { IsNotBlank } from '@suite/runtime';

/** PUT /api/phone-numbers/{id}: the company's name for the number. */
export class UpdatePhoneNumberRequest {
  @ApiProperty({ type: String, nullable: true, maxLength: 255, description: 'Required; null clears it', example: 'Front desk' })
  @ValidateIf((_object: object, value: unknown) => value !== null)
  @IsString()
  @IsNotBlank()
  @MaxLength(255)
  nickname!: string | null;
}
