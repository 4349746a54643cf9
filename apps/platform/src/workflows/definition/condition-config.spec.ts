import { readConditions } from './condition-config';

describe('readConditions', () => {
  it('normalises valid conditions', () => {
    const read = readConditions([
      { field: 'first_name', operator: 'equals', value: '  Ada ' },
      { field: 'custom_fields.plan_2', operator: 'contains', value: 'gold' },
      { field: 'email', operator: 'is_empty' },
      { field: 'phone', operator: 'is_not_empty', value: '' },
      { field: 'tags', operator: 'excludes', value: ' VIP ' },
      { field: 'stage', operator: 'is', value: 'NDI=' },
      { field: 'last_reply', operator: 'since_run_start', value: null },
    ]);
    expect(read.problems).toEqual([]);
    expect(read.conditions).toEqual([
      { field: 'first_name', operator: 'equals', value: 'Ada' },
      { field: 'custom_fields.plan_2', operator: 'contains', value: 'gold' },
      { field: 'email', operator: 'is_empty' },
      { field: 'phone', operator: 'is_not_empty' },
      { field: 'tags', operator: 'excludes', value: 'VIP' },
      { field: 'stage', operator: 'is', value: '42' },
      { field: 'last_reply', operator: 'since_run_start' },
    ]);
  });

  it.each([[undefined], [[]], [{}], ['x'], [new Array(21).fill({ field: 'email', operator: 'is_empty' })]])(
    'refuses %j as the list',
    (value) => {
      expect(readConditions(value).problems).toEqual([{ path: '', message: 'must be a list of 1 to 20 conditions.' }]);
    },
  );

  it.each([
    [{ field: 'email', operator: 'is_empty', extra: 1 }, ''],
    ['text', ''],
    [{ field: 'password', operator: 'equals', value: 'x' }, '.field'],
    [{ field: 'custom_fields.a-b', operator: 'equals', value: 'x' }, '.field'],
    [{ field: 'custom_fields.' + 'k'.repeat(65), operator: 'equals', value: 'x' }, '.field'],
    [{ field: '__proto__', operator: 'equals', value: 'x' }, '.field'],
    [{ field: 'email', operator: 'includes', value: 'x' }, '.operator'],
    [{ field: 'tags', operator: 'equals', value: 'x' }, '.operator'],
    [{ field: 'stage', operator: 'contains', value: '1' }, '.operator'],
    [{ field: 'last_reply', operator: 'is', value: '1' }, '.operator'],
    [{ field: 'email', operator: 'equals' }, '.value'],
    [{ field: 'email', operator: 'equals', value: '   ' }, '.value'],
    [{ field: 'email', operator: 'equals', value: 'x'.repeat(256) }, '.value'],
    [{ field: 'email', operator: 'equals', value: 'a\u0000' }, '.value'],
    [{ field: 'email', operator: 'equals', value: 1e308 }, '.value'],
    [{ field: 'email', operator: 'is_empty', value: 'x' }, '.value'],
    [{ field: 'tags', operator: 'includes', value: 'x'.repeat(101) }, '.value'],
    [{ field: 'stage', operator: 'is', value: 'not-an-id!' }, '.value'],
    [{ field: 'last_reply', operator: 'since_run_start', value: 'yes' }, '.value'],
  ])('refuses %j at [0]%s', (condition, path) => {
    const read = readConditions([condition]);
    expect(read.problems).toHaveLength(1);
    expect(read.problems[0]!.path).toBe(`[0]${path}`);
  });
});
