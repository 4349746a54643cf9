import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, ValidateBy } from 'class-validator';
import { DOMAIN_NAME_MAX, isDomainName, normalizeDomainName } from '../../shared/email-names';

export class CreateEmailDomainRequest {
  @ApiProperty({
    maxLength: DOMAIN_NAME_MAX,
    example: 'mail.acme.test',
    description: 'ASCII DNS name (punycode for IDNs); stored lowercase',
  })
  @Transform(({ value }) => (typeof value === 'string' ? normalizeDomainName(value) : value))
  @IsString()
  @ValidateBy({
    name: 'isDomainName',
    validator: {
      validate: (value) => typeof value === 'string' && isDomainName(value),
      defaultMessage: () =>
        `name must be a DNS name such as mail.example.com (letters, digits, hyphens; at most ${DOMAIN_NAME_MAX} characters)`,
    },
  })
  name!: string;
}
