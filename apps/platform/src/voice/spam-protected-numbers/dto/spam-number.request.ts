import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { IsNotBlank } from '@suite/http';

/** A Custom number to watch (POST) or its new number (PUT). */
export class SpamNumberRequest {
  @ApiProperty({
    maxLength: 20,
    example: '+14155550123',
    description: 'E.164 (+14155550123) or a 10-digit US number (4155550123); stored as E.164',
  })
  @IsString()
  @IsNotBlank()
  @MaxLength(20)
  pnumber!: string;
}
