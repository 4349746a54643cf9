import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength, registerDecorator, type ValidationOptions } from 'class-validator';
import { getCountries } from 'libphonenumber-js/max';
import { CompanyQuery } from '@suite/authz';
import { NUMBER_SEARCH_BY, type NumberSearchBy } from '../../provider/voice-provider.port';
import { PHONE_NUMBER_TYPES, type PhoneNumberType } from '../phone-number.entity';

/** The one value of `provider`: the telephony provider's name as the API spells it (whatever adapter runs). */
export const SEARCH_PROVIDERS = ['Carrier'] as const;

/** Countries libphonenumber knows (ISO 3166-1 alpha-2). */
const COUNTRIES: readonly string[] = getCountries();

const upperCase = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.toUpperCase() : value);

/** Letters (any script), digits, spaces and the punctuation of place names: no control characters, no lone surrogates. */
const PLACE_NAME = /^[\p{L}\p{M}\p{N} .,'’()&-]*$/u;

/** `areaCode` is digits when `searchBy` is AreaCode (the default), a place name otherwise. */
function IsSearchValue(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isSearchValue',
      target: target.constructor,
      propertyName: propertyName as string,
      options: {
        message: 'areaCode must be digits (up to 8) when searchBy is AreaCode, or a region or city name',
        ...options,
      },
      validator: {
        validate: (value: unknown, args) => {
          if (typeof value !== 'string') return false;
          const searchBy = (args?.object as SearchAvailableQuery).searchBy ?? 'AreaCode';
          return searchBy === 'AreaCode' ? /^\d{0,8}$/.test(value.trim()) : PLACE_NAME.test(value);
        },
      },
    });
}

/** GET /api/phone-numbers/search-available: the provider's numbers for sale matching one search. */
export class SearchAvailableQuery extends CompanyQuery {
  /**
   * Checked in the controller, not here: the spec answers any other value — and a missing one —
   * with 422 on `errors.provider`, while this pipe answers malformed input with 400. Only the
   * shape is checked here (a bounded string without control characters).
   */
  @ApiProperty({
    enum: SEARCH_PROVIDERS,
    description: "The telephony provider's name; the only value is Carrier (anything else, or none: 422 on errors.provider)",
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  @Matches(/^[^\u0000-\u001f]*$/, { message: 'provider must not contain control characters' })
  provider?: string;

  @ApiPropertyOptional({
    minLength: 2,
    maxLength: 2,
    default: 'US',
    description: 'ISO 3166-1 alpha-2 country, case-insensitive',
    example: 'US',
  })
  @IsOptional()
  @Transform(upperCase)
  @IsIn(COUNTRIES, { message: 'phone_country must be an ISO 3166-1 alpha-2 country code' })
  phone_country?: string;

  @ApiPropertyOptional({ enum: PHONE_NUMBER_TYPES, default: 'local', description: 'mobile is not offered in the US and Canada' })
  @IsOptional()
  @IsIn(PHONE_NUMBER_TYPES)
  phone_type?: PhoneNumberType;

  @ApiPropertyOptional({ enum: NUMBER_SEARCH_BY, default: 'AreaCode', description: 'What areaCode holds' })
  @IsOptional()
  @IsIn(NUMBER_SEARCH_BY)
  searchBy?: NumberSearchBy;

  @ApiPropertyOptional({
    maxLength: 64,
    description:
      'The value matching searchBy: an area code (digits, `212`), a region (`NY`) or a city (`Austin`); empty or omitted lists what the country has',
    example: '212',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  @Matches(/^[^\u0000-\u001f]*$/, { message: 'areaCode must not contain control characters' })
  @IsSearchValue()
  areaCode?: string;
}
