import { getMetadataStorage } from 'class-validator';
import { AppError, createValidationPipe } from '@suite/http';
import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Rules every request DTO of every app keeps, checked on the validation metadata itself, so a
 * new field cannot forget them:
 *  - every number has a range (`@Min` and `@Max`, or a composite such as `@IsNumericId()`):
 *    `role_id: 1e26` passed `@IsInt()` and reached PostgreSQL as "1e+26";
 *  - every string has a length limit, a pattern or a fixed set of values;
 *  - an empty body (or query) is refused with one sentence per field, and a required field left
 *    out is "<field> is required" — not every rule its absence breaks (issue 27).
 * The hostile suite (hostile-input.integration-spec.ts) proves the same from outside, on the
 * routes; this names the field at fault the moment it is written.
 */
const root = path.resolve(__dirname, '../..');
const DTO_FILE = /(\.request|\.query|\.dto)\.ts$/;

function dtoFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : dtoFiles(full);
    return DTO_FILE.test(entry.name) ? [full] : [];
  });
}

interface Rule {
  name: string;
  applies: (validators: Set<string>) => boolean;
  holds: (validators: Set<string>) => boolean;
}

const RULES: Rule[] = [
  {
    name: 'a number needs @Min and @Max',
    applies: (v) => v.has('isInt') || v.has('isNumber'),
    holds: (v) => v.has('min') && v.has('max'),
  },
  {
    name: 'a string needs a length limit, a pattern or a set of values',
    applies: (v) => v.has('isString'),
    // Anything beyond "it is a string, present, not blank" bounds it: maxLength, matches, isIn, isEmail, a rule of ours.
    holds: (v) => [...v].some((name) => !UNBOUNDING.has(name)),
  },
];

/** Validators that say a string is there but nothing of its length or shape. */
const UNBOUNDING = new Set([
  'isString',
  'isNotBlank',
  'isNotEmpty',
  'isDefined',
  'conditionalValidation',
  'isArray',
  'arrayNotEmpty',
]);

describe('request DTO rules', () => {
  // The libs too: shared query DTOs (CompanyQuery in libs/authz) are part of the apps' requests.
  const files = ['apps', 'libs'].flatMap((dir) => dtoFiles(path.join(root, dir)));
  /** The classes those files export: the DTOs (environment classes and the like are not checked here). */
  const dtoClasses = new Set<unknown>();

  beforeAll(async () => {
    for (const file of files)
      for (const value of Object.values((await import(file)) as Record<string, unknown>)) dtoClasses.add(value);
  });

  it('finds the DTOs of every app', () => {
    for (const app of ['messaging', 'auth', 'platform']) expect(files.some((file) => file.includes(`/apps/${app}/`))).toBe(true);
  });

  it.each(RULES.map((rule) => [rule.name, rule] as const))('%s', (_name, rule) => {
    // class-validator keeps its metadata by class; the map is internal but stable across 0.14.
    const storage = getMetadataStorage() as unknown as {
      validationMetadatas: Map<{ name: string }, Array<{ propertyName: string; name?: string; type: string }>>;
    };
    const violations: string[] = [];
    for (const [target, metadatas] of storage.validationMetadatas) {
      if (!dtoClasses.has(target)) continue;
      const byProperty = new Map<string, Set<string>>();
      for (const metadata of metadatas) {
        const name = metadata.name ?? metadata.type;
        byProperty.set(metadata.propertyName, (byProperty.get(metadata.propertyName) ?? new Set()).add(name));
      }
      for (const [property, validators] of byProperty) {
        if (rule.applies(validators) && !rule.holds(validators))
          violations.push(`${target.name}.${property} (${[...validators].join(', ')})`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('refuses an empty body with one sentence per field, "<field> is required" for each one left out', async () => {
    const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<new () => object, unknown[]> };
    const pipe = createValidationPipe();
    const problems: string[] = [];
    let checked = 0;
    for (const target of storage.validationMetadatas.keys()) {
      if (!dtoClasses.has(target)) continue;
      checked++;
      const refusal = await pipe.transform({}, { type: 'body', metatype: target }).then(
        () => null,
        (error: unknown) => error,
      );
      if (refusal === null) continue;
      if (!(refusal instanceof AppError)) {
        problems.push(`${target.name}: ${String(refusal)}`);
        continue;
      }
      for (const [field, sentences] of Object.entries(refusal.fields)) {
        const leaf = field.split('.').pop();
        if (sentences.length !== 1 || sentences[0] !== `${leaf} is required`)
          problems.push(`${target.name}.${field}: ${sentences.join(' | ')}`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });
});
