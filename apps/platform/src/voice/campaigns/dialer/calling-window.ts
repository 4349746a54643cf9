import {
  DEFAULT_HOME_TIME_ZONE,
  isKnownTimeZone,
  recipientTimeZones,
  windowOpeningFor,
  type SendWindow,
} from '@suite/local-time';

export type WindowDecision = { readonly open: true } | { readonly open: false; readonly opensAt: Date };

/**
 * Whether a contact may be called now: the campaign's calling window must be open in every time
 * zone the number may be in (the same rule messaging applies to texts, libs/local-time/src), the
 * company's zone deciding where the number says nothing usable. Closed → when it next opens.
 */
export async function callingWindowDecision(
  now: Date,
  phone: string,
  window: SendWindow,
  companyZone: string,
): Promise<WindowDecision> {
  const home = isKnownTimeZone(companyZone) ? companyZone : DEFAULT_HOME_TIME_ZONE;
  const recipient = await recipientTimeZones(phone, home);
  const { at } = windowOpeningFor(now, recipient, window, home);
  return at.getTime() <= now.getTime() ? { open: true } : { open: false, opensAt: at };
}
