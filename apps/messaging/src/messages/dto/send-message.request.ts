import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, IsUrl, MaxLength, ValidateBy } from 'class-validator';
import { MESSAGE_EFFECTS, type MessageEffect } from '@suite/contracts';
import { MESSAGING_LIMITS } from '../messaging-limits';
import { IsPhone } from '@suite/http';

const { messageMaxLength, firstNameMaxLength, attachmentsMax, attachmentUrlMaxLength } = MESSAGING_LIMITS;

/** POST /v1/messages. Unknown fields are refused (400) by the global validation pipe. */
export class SendMessageRequest {
  @ApiProperty({ description: 'E.164 or a 10-digit US number; normalised to E.164', example: '+14155550123' })
  @IsPhone()
  to!: string;

  @ApiProperty({
    maxLength: messageMaxLength,
    description: `the text; required, not blank, at most ${messageMaxLength} characters`,
  })
  @ValidateBy(
    { name: 'isMessageText', validator: { validate: (value: unknown) => messageTextProblem(value) === null } },
    {
      message: ({ value }) => messageTextProblem(value) ?? '',
    },
  )
  message!: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: firstNameMaxLength,
    description: 'stored only when the contact is new',
  })
  @IsOptional()
  @IsString()
  @MaxLength(firstNameMaxLength)
  first_name?: string | null;

  @ApiPropertyOptional({ type: [String], maxItems: attachmentsMax, description: `up to ${attachmentsMax} https URLs` })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(attachmentsMax, { message: `attachments may hold at most ${attachmentsMax} URLs` })
  @IsString({ each: true, message: 'each attachment must be an https URL' })
  @MaxLength(attachmentUrlMaxLength, {
    each: true,
    message: `each attachment URL must be at most ${attachmentUrlMaxLength} characters`,
  })
  @IsUrl(
    { protocols: ['https'], require_protocol: true, require_valid_protocol: true },
    { each: true, message: 'each attachment must be an https URL' },
  )
  attachments?: string[] | null;

  @ApiPropertyOptional({ enum: MESSAGE_EFFECTS, description: 'iMessage only; kept on the message, ignored on SMS/MMS' })
  @IsOptional()
  @IsIn(MESSAGE_EFFECTS, { message: `effect must be one of ${MESSAGE_EFFECTS.join(', ')}` })
  effect?: MessageEffect | null;
}

/** One clear sentence per way `message` can be wrong (class-validator would list three for a missing one). */
export function messageTextProblem(value: unknown): string | null {
  if (value === undefined || value === null) return 'message is required';
  if (typeof value !== 'string') return 'message must be a string';
  if (value.trim() === '') return 'message must not be empty';
  if (value.length > messageMaxLength) return `message must be at most ${messageMaxLength} characters (it has ${value.length})`;
  return null;
}
