import { ApiProperty } from '@nestjs/swagger';
import { USER_STATUSES, type UserStatus } from '@suite/contracts';
import { apiId } from '../../../shared/api-ids';
import {
  DIALER_OPTIONS,
  PAY_FOR_SEATS_OPTIONS,
  USE_BALANCE_OPTIONS,
  YES_NO,
  type Dialer,
  type PayForSeats,
  type UseBalance,
  type UserEntity,
  type YesNo,
} from '../user.entity';

/** A user as the API shows it; never the password or its hash. */
export class UserResponse {
  @ApiProperty({ type: 'integer', example: 7 }) id!: number;
  @ApiProperty({ type: 'integer', example: 12 }) company_id!: number;
  @ApiProperty({ example: 'Dana Reyes' }) name!: string;
  @ApiProperty({ example: 'dana@acme.test' }) email!: string;
  @ApiProperty({ type: 'integer', example: 3 }) role_id!: number;
  @ApiProperty({ enum: USER_STATUSES }) status!: UserStatus;
  @ApiProperty({ enum: DIALER_OPTIONS }) dialer!: Dialer;
  @ApiProperty({ enum: USE_BALANCE_OPTIONS }) use_balance!: UseBalance;
  @ApiProperty({ enum: PAY_FOR_SEATS_OPTIONS }) pay_for_seats!: PayForSeats;
  @ApiProperty({ enum: YES_NO }) use_company_seat!: YesNo;
  @ApiProperty({ enum: YES_NO }) local_presence!: YesNo;
  @ApiProperty({ type: String, nullable: true }) phone_number!: string | null;
  @ApiProperty({ type: 'integer', isArray: true, description: 'Phone number ids the user may use, ascending' })
  ext_phone!: number[];
  @ApiProperty({ type: [String], example: ['212', '646'] }) area_codes!: string[];
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export const mapUser = (user: UserEntity): UserResponse => ({
  id: apiId(user.id),
  company_id: apiId(user.companyId),
  name: user.name,
  email: user.email,
  role_id: apiId(user.roleId),
  status: user.status,
  dialer: user.dialer,
  use_balance: user.useBalance,
  pay_for_seats: user.payForSeats,
  use_company_seat: user.useCompanySeat,
  local_presence: user.localPresence,
  phone_number: user.phoneNumber,
  ext_phone: (user.extPhones ?? []).map((phone) => apiId(phone.phoneNumberId)).sort((a, b) => a - b),
  area_codes: user.areaCodes,
  created_at: user.createdAt.toISOString(),
  updated_at: user.updatedAt.toISOString(),
});
