import { normalizePhone } from '@suite/http';
import { erasedPhoneOf, isErasedPhone } from './messaging-erasure';

describe('erasedPhoneOf', () => {
  it('marks an erased conversation by the CRM contact, in the column’s 16 characters, never as a phone number', () => {
    expect(erasedPhoneOf('101')).toBe('#101');
    expect(erasedPhoneOf('9223372036854775807')).toHaveLength(16);
    expect(normalizePhone(erasedPhoneOf('14155550100'))).toBeNull();
  });

  it('is told apart from a number', () => {
    expect(isErasedPhone(erasedPhoneOf('101'))).toBe(true);
    expect(isErasedPhone('+14155550100')).toBe(false);
  });
});
