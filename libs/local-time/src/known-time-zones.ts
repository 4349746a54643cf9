import { IANAZone } from 'luxon';

/**
 * Whether `zone` is an IANA zone this runtime knows, remembered. luxon's `IANAZone.isValidZone`
 * builds a new `Intl.DateTimeFormat` on every call; its ICU objects live in native memory that
 * the V8 heap does not show and that is given back only when a major GC finalises the wrappers.
 * The release scheduler checks the recipient's zones each time it looks at a due message (several
 * times per hand-off when pacing defers it), so a drain allocated hundreds of MB of resident
 * memory while heapUsed stayed flat. The set only holds names that were valid, so it is bounded
 * by the runtime's zone list (about 600 names with aliases); unknown names are not remembered
 * (they are an error path, and remembering them would let arbitrary input grow the set).
 */
const known = new Set<string>();

export function isKnownTimeZone(zone: string): boolean {
  if (known.has(zone)) return true;
  if (!IANAZone.isValidZone(zone)) return false;
  known.add(zone);
  return true;
}
