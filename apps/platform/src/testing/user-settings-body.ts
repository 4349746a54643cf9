/**
 * Every single-valued optional setting of Create/Update User (UserSettingsRequest), each set to a
 * value that is not its default: a body that spreads it shows each setting is taken.
 */
export const EVERY_USER_SETTING = {
  status: 'Suspended',
  dialer: 'Both',
  use_balance: 'User',
  pay_for_seats: 'Houseler',
  use_company_seat: 'Yes',
  local_presence: 'Yes',
  phone_number: '+12125550100',
} as const;
