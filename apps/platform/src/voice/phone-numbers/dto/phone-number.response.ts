import { ApiProperty } from '@nestjs/swagger';
import { apiId } from '../../../shared/api-ids';
import { PHONE_NUMBER_TYPES, type PhoneNumberEntity, type PhoneNumberType } from '../phone-number.entity';

export const NUMBER_CAPABILITIES = ['Voice', 'SMS', 'MMS'] as const;

/** A number of the company. */
export class PhoneNumberResponse {
  @ApiProperty({ type: 'integer', example: 7 }) id!: number;
  @ApiProperty({ description: 'E.164', example: '+12125550100' }) phone_number!: string;
  @ApiProperty({ example: '(212) 555-0100' }) friendly_name!: string;
  @ApiProperty({ type: String, nullable: true, maxLength: 255 }) nickname!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'New York, NY' }) locality!: string | null;
  @ApiProperty({ description: "National area code; '' when the numbering plan has none", example: '212' }) area_code!: string;
  @ApiProperty({ description: 'ISO 3166-1 alpha-2', example: 'US' }) country!: string;
  @ApiProperty({ enum: PHONE_NUMBER_TYPES }) type!: PhoneNumberType;
  @ApiProperty({ type: [String], description: 'Voice, SMS, MMS', example: ['Voice', 'SMS', 'MMS'] }) capabilities!: string[];
  @ApiProperty({ format: 'date-time' }) purchased_at!: string;
}

export const mapPhoneNumber = (number: PhoneNumberEntity): PhoneNumberResponse => ({
  id: apiId(number.id),
  phone_number: number.phoneNumber,
  friendly_name: number.friendlyName,
  nickname: number.nickname,
  locality: number.locality,
  area_code: number.areaCode,
  country: number.country,
  type: number.numberType,
  capabilities: number.capabilities,
  purchased_at: number.purchasedAt.toISOString(),
});

/** One number a search found ("Available number"). */
export class AvailableNumberResponse {
  @ApiProperty({ type: 'integer', minimum: 1, description: 'Position in this answer, from 1' }) index!: number;
  @ApiProperty({ description: 'E.164', example: '+12125550100' }) phone_number!: string;
  @ApiProperty({ example: '(212) 555-0100' }) friendly_name!: string;
  @ApiProperty({ type: String, nullable: true, example: 'New York, NY' }) locality!: string | null;
  @ApiProperty({ type: [String], description: 'Voice, SMS, MMS', example: ['Voice', 'SMS'] }) capabilities!: string[];
  @ApiProperty({
    description: 'Buys this number with POST /api/phone-numbers/purchase; valid 10 minutes, once, for this company',
  })
  purchase_token!: string;
}

export class AvailableNumbersResponse {
  @ApiProperty({ type: [AvailableNumberResponse] }) records!: AvailableNumberResponse[];
}
