import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { IsMimeType, IsSafeFilename, IsStrictBase64 } from './email-validators';

export class EmailAttachmentRequest {
  @ApiProperty({ maxLength: 255, example: 'quote.pdf' })
  @IsString()
  @IsSafeFilename()
  filename!: string;

  @ApiProperty({ example: 'application/pdf' })
  @IsString()
  @IsMimeType()
  content_type!: string;

  @ApiProperty({ description: 'The file, standard base64 with padding', example: 'JVBERi0xLjQK' })
  @IsString()
  @IsStrictBase64()
  content!: string;
}
