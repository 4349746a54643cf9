import { type Condition, type ContactFacts, evaluateCondition, evaluateConditions } from './conditions';

const facts: ContactFacts = {
  first_name: '  Ada ',
  last_name: 'Lovelace',
  email: 'ADA@example.com',
  phone: null,
  source: 'Facebook Ads',
  assigned_to: '7',
  tags: ['VIP ', 'newsletter'],
  custom_fields: { plan: 'Gold', seats: 3, blank: '', nested: { a: 1 } },
  stage_ids: ['12', '40'],
  replied_since_run_start: false,
};

const holds = (condition: Condition, on: ContactFacts = facts) => evaluateCondition(condition, on);

describe('text conditions (trimmed, case-insensitive)', () => {
  it.each<[Condition, boolean]>([
    [{ field: 'first_name', operator: 'equals', value: 'ada' }, true],
    [{ field: 'first_name', operator: 'equals', value: 'bob' }, false],
    [{ field: 'email', operator: 'not_equals', value: 'ada@example.com' }, false],
    [{ field: 'email', operator: 'not_equals', value: 'bob@example.com' }, true],
    [{ field: 'source', operator: 'contains', value: 'facebook' }, true],
    [{ field: 'source', operator: 'contains', value: 'google' }, false],
    [{ field: 'source', operator: 'not_contains', value: 'google' }, true],
    [{ field: 'source', operator: 'not_contains', value: 'ADS' }, false],
    [{ field: 'phone', operator: 'is_empty' }, true],
    [{ field: 'last_name', operator: 'is_empty' }, false],
    [{ field: 'phone', operator: 'is_not_empty' }, false],
    [{ field: 'assigned_to', operator: 'is_not_empty' }, true],
    [{ field: 'assigned_to', operator: 'equals', value: '7' }, true],
  ])('%j → %s', (condition, expected) => {
    expect(holds(condition)).toBe(expected);
  });

  it('reads custom fields: scalars as text, anything else as empty', () => {
    expect(holds({ field: 'custom_fields.plan', operator: 'equals', value: 'gold' })).toBe(true);
    expect(holds({ field: 'custom_fields.seats', operator: 'equals', value: '3' })).toBe(true);
    expect(holds({ field: 'custom_fields.blank', operator: 'is_empty' })).toBe(true);
    expect(holds({ field: 'custom_fields.nested', operator: 'is_empty' })).toBe(true);
    expect(holds({ field: 'custom_fields.missing', operator: 'is_empty' })).toBe(true);
    expect(holds({ field: 'custom_fields.constructor', operator: 'is_empty' })).toBe(true);
    expect(holds({ field: 'custom_fields.__proto__', operator: 'is_not_empty' })).toBe(false);
  });
});

describe('tag, stage and reply conditions', () => {
  it('includes / excludes a tag, case-insensitively', () => {
    expect(holds({ field: 'tags', operator: 'includes', value: 'vip' })).toBe(true);
    expect(holds({ field: 'tags', operator: 'includes', value: 'cold' })).toBe(false);
    expect(holds({ field: 'tags', operator: 'excludes', value: 'cold' })).toBe(true);
    expect(holds({ field: 'tags', operator: 'excludes', value: 'NEWSLETTER' })).toBe(false);
  });

  it('is / is_not in a stage', () => {
    expect(holds({ field: 'stage', operator: 'is', value: '40' })).toBe(true);
    expect(holds({ field: 'stage', operator: 'is', value: '41' })).toBe(false);
    expect(holds({ field: 'stage', operator: 'is_not', value: '41' })).toBe(true);
    expect(holds({ field: 'stage', operator: 'is_not', value: '12' })).toBe(false);
  });

  it('replied / did not reply since the run started', () => {
    const replied = { ...facts, replied_since_run_start: true };
    expect(holds({ field: 'last_reply', operator: 'since_run_start' })).toBe(false);
    expect(holds({ field: 'last_reply', operator: 'since_run_start' }, replied)).toBe(true);
    expect(holds({ field: 'last_reply', operator: 'none_since_run_start' })).toBe(true);
    expect(holds({ field: 'last_reply', operator: 'none_since_run_start' }, replied)).toBe(false);
  });
});

describe('evaluateConditions', () => {
  const yes: Condition = { field: 'tags', operator: 'includes', value: 'vip' };
  const no: Condition = { field: 'tags', operator: 'includes', value: 'cold' };

  it('needs every condition by default (match all)', () => {
    expect(evaluateConditions({ conditions: [yes, yes] }, facts)).toBe(true);
    expect(evaluateConditions({ conditions: [yes, no] }, facts)).toBe(false);
    expect(evaluateConditions({ conditions: [yes, no], match: 'all' }, facts)).toBe(false);
  });

  it('needs one condition with match any', () => {
    expect(evaluateConditions({ conditions: [no, yes], match: 'any' }, facts)).toBe(true);
    expect(evaluateConditions({ conditions: [no, no], match: 'any' }, facts)).toBe(false);
  });
});
