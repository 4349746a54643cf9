import { CALL_STATUSES } from '@suite/contracts';
import { REFERENCE_KINDS } from '../reference-kinds';
import { ACTION_CATALOG, actionEntry } from './action-catalog';
import type { CatalogEntry } from './catalog-entry';
import { TRIGGER_CATALOG, triggerEntry } from './trigger-catalog';

const FIELD_TYPES = ['string', 'template', 'integer', 'enum', 'tag', 'reference', 'duration', 'weekly_time', 'conditions'];

describe.each([
  ['triggers', TRIGGER_CATALOG],
  ['actions', ACTION_CATALOG],
])('the %s catalog', (_name, catalog: readonly CatalogEntry[]) => {
  it('has unique snake_case types, each with a name, category, description and well-formed fields', () => {
    const types = catalog.map((entry) => entry.type);
    expect(new Set(types).size).toBe(types.length);
    for (const entry of catalog) {
      expect(entry.type).toMatch(/^[a-z][a-z_]*$/);
      expect(entry.name.length).toBeGreaterThan(0);
      expect(entry.category.length).toBeGreaterThan(0);
      expect(entry.description.length).toBeGreaterThan(0);
      const keys = entry.config_fields.map((field) => field.key);
      expect(new Set(keys).size).toBe(keys.length);
      for (const field of entry.config_fields) {
        expect(FIELD_TYPES).toContain(field.type);
        if (field.type === 'reference') expect(REFERENCE_KINDS).toContain(field.reference);
        if (field.type === 'enum') expect(field.options?.length).toBeGreaterThan(0);
        if (field.type === 'template') expect(field.max_length).toBeGreaterThan(0);
      }
    }
  });

  it('is frozen, so no consumer can change what validation reads', () => {
    expect(Object.isFrozen(catalog)).toBe(true);
    expect(Object.isFrozen(catalog[0])).toBe(true);
    expect(() => (catalog as CatalogEntry[]).push(catalog[0]!)).toThrow();
  });
});

describe('catalog contents', () => {
  it('lists the spec’s example action and every trigger and action of the brief', () => {
    expect(actionEntry('send_sms')).toMatchObject({ name: 'Send SMS', category: 'Messaging' });
    expect(TRIGGER_CATALOG.map((entry) => entry.type)).toEqual([
      'contact_created',
      'contact_stage_moved',
      'tag_added',
      'sms_received',
      'sms_replied',
      'appointment_scheduled',
      'call_ended',
      'run_now',
    ]);
    expect(ACTION_CATALOG.map((entry) => entry.type)).toEqual([
      'send_sms',
      'send_email',
      'wait',
      'if_else',
      'add_tag',
      'remove_tag',
      'move_to_stage',
      'add_to_list',
      'assign_user',
      'create_appointment',
      'end',
    ]);
  });

  it('offers the call statuses a call.ended event can carry', () => {
    const options = triggerEntry('call_ended')?.config_fields.find((field) => field.key === 'call_status')?.options;
    expect(options).toEqual(['transferred', 'completed', 'no_answer', 'failed']);
    for (const option of options ?? []) expect(CALL_STATUSES).toContain(option);
  });

  it('finds nothing for unknown types, prototype names included', () => {
    expect(triggerEntry('nope')).toBeUndefined();
    expect(actionEntry('constructor')).toBeUndefined();
    expect(actionEntry('__proto__')).toBeUndefined();
  });
});
