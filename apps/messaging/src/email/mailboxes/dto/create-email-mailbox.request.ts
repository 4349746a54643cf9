import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';
import { IsSingleLine } from '../../sends/dto/email-validators';
import { DISPLAY_NAME_MAX, isLocalPart, LOCAL_PART_MAX, normalizeLocalPart } from '../../shared/email-names';

export class CreateEmailMailboxRequest {
  @ApiProperty({ maxLength: LOCAL_PART_MAX, example: 'sales', description: 'The part before @; stored lowercase' })
  @Transform(({ value }) => (typeof value === 'string' ? normalizeLocalPart(value) : value))
  @IsString()
  @ValidateBy({
    name: 'isLocalPart',
    validator: {
      validate: (value) => typeof value === 'string' && isLocalPart(value),
      defaultMessage: () =>
        `local_part must be 1..${LOCAL_PART_MAX} letters, digits, ".", "_", "+" or "-" (no dot at either end, no two dots in a row)`,
    },
  })
  local_part!: string;

  @ApiPropertyOptional({
    type: String,
    maxLength: DISPLAY_NAME_MAX,
    example: 'Acme Sales',
    nullable: true,
    description: 'Shown as the From name',
  })
  @IsOptional()
  @IsString()
  @MaxLength(DISPLAY_NAME_MAX)
  @IsSingleLine('display_name')
  display_name?: string | null;
}
