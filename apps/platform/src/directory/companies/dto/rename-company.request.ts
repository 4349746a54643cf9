import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { IsNotBlank } from '@suite/http';

export class RenameCompanyRequest {
  @ApiProperty({ maxLength: 255 })
  @IsString()
  @IsNotBlank()
  @MaxLength(255)
  name!: string;
}
