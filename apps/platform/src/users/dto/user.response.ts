import type { UserStatus } from '@suite/contracts';
import { apiId } from '../../shared/api-ids';
import type { Dialer, PayForSeats, UseBalance, UserEntity, YesNo } from '../user.entity';

/** A user as the API shows it; never the password or its hash. */
export interface UserResponse {
  id: number;
  company_id: number;
  name: string;
  email: string;
  role_id: number;
  status: UserStatus;
  dialer: Dialer;
  use_balance: UseBalance;
  pay_for_seats: PayForSeats;
  use_company_seat: YesNo;
  local_presence: YesNo;
  phone_number: string | null;
  ext_phone: number[];
  area_codes: string[];
  created_at: string;
  updated_at: string;
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
