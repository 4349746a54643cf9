import type { PhoneNumberData } from '@suite/contracts';
import { NUMBER_CAPABILITIES } from './dto/phone-number.response';
import type { PhoneNumberEntity } from './phone-number.entity';

/**
 * The payload of `phone_number.purchased` and `phone_number.released`. Capabilities are those the
 * contract names (Voice, SMS, MMS): one a provider adds some day (Fax) is not a reason to fail a purchase.
 */
export const phoneNumberSnapshot = (number: PhoneNumberEntity, changedBy: string | null): PhoneNumberData => ({
  id: number.id,
  company_id: number.companyId,
  phone_number: number.phoneNumber,
  capabilities: number.capabilities.filter((capability) => (NUMBER_CAPABILITIES as readonly string[]).includes(capability)),
  purchased_at: number.purchasedAt.toISOString(),
  released_at: number.releasedAt?.toISOString() ?? null,
  changed_by: changedBy,
});
