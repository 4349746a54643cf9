import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsNotEmpty,
  IsOptional,
  IsString,
  Length,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IsNotBlank } from '@suite/http';
import { EMAIL_LIMITS } from '../attachment-rules';
import { EmailAttachmentRequest } from './email-attachment.request';
import { IsSingleLine, MaxAttachmentBytes } from './email-validators';

/** The spec's "Email send request", field for field. */
export class SendEmailRequest {
  @ApiProperty({ description: 'A domain of this workspace', format: 'uuid' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  domain_id!: string;

  @ApiPropertyOptional({
    type: String,
    description: 'A mailbox of the same domain; omitted or null: no-reply@<domain>',
    format: 'uuid',
    nullable: true,
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  mailbox_id?: string | null;

  @ApiProperty({ example: 'lead@example.com' })
  @IsString()
  @MaxLength(254)
  @IsEmail({}, { message: 'to must be one email address' })
  to!: string;

  @ApiProperty({ maxLength: EMAIL_LIMITS.subject, example: 'Your quote' })
  @IsString()
  @IsNotBlank()
  @MaxLength(EMAIL_LIMITS.subject)
  @IsSingleLine('subject')
  subject!: string;

  @ApiProperty({ maxLength: EMAIL_LIMITS.text, description: 'Plain-text body' })
  @IsString()
  @IsNotBlank()
  @MaxLength(EMAIL_LIMITS.text)
  text!: string;

  @ApiProperty({
    minLength: 1,
    maxLength: EMAIL_LIMITS.requestKey,
    description: 'Idempotency key: reuse only for the same intended send',
  })
  @IsString()
  @IsNotBlank()
  @Length(1, EMAIL_LIMITS.requestKey)
  request_key!: string;

  @ApiPropertyOptional({ type: [EmailAttachmentRequest], maxItems: EMAIL_LIMITS.attachments })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(EMAIL_LIMITS.attachments)
  @MaxAttachmentBytes(EMAIL_LIMITS.attachmentBytes)
  @ValidateNested({ each: true })
  @Type(() => EmailAttachmentRequest)
  attachments?: EmailAttachmentRequest[] | null;
}
