import type { ReferenceKind } from '../reference-kinds';

/**
 * How a config value is read and checked (config-values.ts holds one reader per type):
 *  - string: trimmed text; template: text with `{{ contact.… }}` fields (template-renderer.ts);
 *  - integer: a whole number within minimum..maximum; enum: one of `options`;
 *  - tag: a contact tag (trimmed, 1..100, no control characters);
 *  - reference: a company-specific id of kind `reference`, stored as its decimal string;
 *  - duration: `{ amount, unit }`; weekly_time: `{ weekdays, time }` (wait-time.ts);
 *  - conditions: the rules of an if_else (conditions.ts).
 */
export type ConfigFieldType =
  'string' | 'template' | 'integer' | 'enum' | 'tag' | 'reference' | 'duration' | 'weekly_time' | 'conditions';

export interface ConfigField {
  key: string;
  label: string;
  type: ConfigFieldType;
  required: boolean;
  description?: string;
  max_length?: number;
  minimum?: number;
  maximum?: number;
  options?: string[];
  reference?: ReferenceKind;
}

/** One trigger or action a graph node may name in `type`, and the config it takes. */
export interface CatalogEntry {
  type: string;
  name: string;
  category: string;
  description: string;
  config_fields: ConfigField[];
}

/** Deep-frozen, so a consumer that lists the catalog cannot change what validation reads. */
export function frozenCatalog(entries: CatalogEntry[]): readonly CatalogEntry[] {
  for (const entry of entries) {
    for (const field of entry.config_fields) {
      if (field.options) Object.freeze(field.options);
      Object.freeze(field);
    }
    Object.freeze(entry.config_fields);
    Object.freeze(entry);
  }
  return Object.freeze(entries);
}
