import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { nextWindowOpening, type SendWindow } from './send-window';
import { zonesForDigits } from './time-zone-table';

/**
 * The home zone used when the caller names none: most US senders' zone. Messaging's workspaces
 * (send-rules/scheduling-defaults.ts) and the platform's companies pass their own.
 */
export const DEFAULT_HOME_TIME_ZONE = 'America/New_York';

/**
 * The zones a recipient (of a message, or of a campaign's call) may be in. "Workspace" below is
 * the sender's home: a messaging workspace, or a platform company (its `timezone`). `number`: from the number's prefix (libphonenumber's
 * time-zone data; a prefix can map to several zones, e.g. UK mobiles to London, Jersey,
 * Guernsey and Man). `country`: the data places the number only by its country (toll-free,
 * non-geographic or unmapped ranges), so every zone of the country. `workspace_default`: the
 * number told us nothing usable, or only its country and the workspace's own zone is in it.
 */
export interface RecipientTimeZones {
  readonly zones: readonly string[];
  readonly source: 'number' | 'country' | 'workspace_default';
}

/**
 * Time zones of a phone number (E.164 or 10-digit US).
 * - Unknown (unparsable or invalid number, no data, zones this runtime does not know) → the
 *   workspace's default zone, America/New_York unless the workspace says otherwise.
 * - Placed only by its country, and the workspace's zone is one of the country's → the
 *   workspace's zone: a New York business texting a US toll-free number keeps New York hours
 *   instead of the sliver of the day that is 08:00–21:00 everywhere from Guam to Adak.
 * - Otherwise every zone the data gives; the window must then be open in all of them.
 */
export async function recipientTimeZones(
  phone: string,
  workspaceDefaultZone: string = DEFAULT_HOME_TIME_ZONE,
): Promise<RecipientTimeZones> {
  const workspaceDefault: RecipientTimeZones = { zones: [workspaceDefaultZone], source: 'workspace_default' };
  const parsed = parsePhoneNumberFromString(phone, 'US');
  if (!parsed || !parsed.isValid()) return workspaceDefault;
  const zones = zonesForDigits(parsed.number);
  if (!zones) return workspaceDefault;
  const countryZones = zonesForDigits(`+${parsed.countryCallingCode}`);
  const countryWide = countryZones !== null && countryZones.length > 1 && sameZones(zones, countryZones);
  if (!countryWide) return { zones, source: 'number' };
  return zones.includes(workspaceDefaultZone) ? workspaceDefault : { zones, source: 'country' };
}

/**
 * When the window next opens for this recipient (`instant` itself when open now), in EVERY
 * zone of the number: a message must not arrive at 21:30 in any place the number may be.
 * Where the zones are too far apart for the window ever to be open in all of them at once (a
 * number placed only by its country, in a country wider than the window), the workspace's
 * default zone decides instead: better the workspace's hours than never.
 */
export function windowOpeningFor(
  instant: Date,
  recipient: RecipientTimeZones,
  window: SendWindow,
  workspaceDefaultZone: string = DEFAULT_HOME_TIME_ZONE,
): { at: Date; zones: readonly string[] } {
  const everywhere = nextWindowOpening(instant, recipient.zones, window);
  if (everywhere) return { at: everywhere, zones: recipient.zones };
  const fallback = nextWindowOpening(instant, [workspaceDefaultZone], window);
  // A single zone's daily window always opens within the search horizon.
  if (!fallback) throw new Error(`send window ${window.start}-${window.end} never opens in ${workspaceDefaultZone}`);
  return { at: fallback, zones: [workspaceDefaultZone] };
}

function sameZones(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((zone) => b.includes(zone));
}
