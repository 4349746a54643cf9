import type { PhoneCapability } from '../carrier/carrier.port';
import type { ContactCapability } from './contact.entity';

/** The carrier's answer as the contact stores it (its best channel). */
export function toContactCapability(capability: PhoneCapability): ContactCapability {
  if (capability.imessage) return 'imessage';
  if (capability.mms && capability.sms) return 'mms';
  if (capability.sms) return 'sms';
  return 'none';
}

/**
 * The stored best channel read back as what reaches the phone. An iPhone with iMessage also takes
 * SMS and MMS; a phone that takes MMS takes SMS. (A phone with MMS but no SMS, which no carrier
 * reports, would be stored as `none`.)
 */
export function fromContactCapability(stored: ContactCapability): PhoneCapability {
  switch (stored) {
    case 'imessage':
      return { imessage: true, sms: true, mms: true };
    case 'mms':
      return { imessage: false, sms: true, mms: true };
    case 'sms':
      return { imessage: false, sms: true, mms: false };
    case 'none':
      return { imessage: false, sms: false, mms: false };
  }
}
