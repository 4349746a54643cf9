import { migrateWorkflow, PACKAGE_MIGRATIONS, type PackageMigration } from './package-migrations';

/** A pretend history: version 1 called the graph `graph`, version 2 `flow`, version 3 `trigger_config`. */
const FAKE_MIGRATIONS: PackageMigration[] = [
  {
    from: 2,
    migrate: ({ flow, ...rest }) => ({ ...rest, trigger_config: flow }),
  },
  {
    from: 1,
    migrate: ({ graph, ...rest }) => {
      if (graph === undefined) throw new Error('not a version 1 workflow');
      return { ...rest, flow: graph };
    },
  },
];

describe('migrateWorkflow', () => {
  it('has no migrations today: version 1 is the first', () => {
    expect(PACKAGE_MIGRATIONS).toEqual([]);
    expect(migrateWorkflow({ name: 'x' }, 1, 1)).toEqual({ ok: true, workflow: { name: 'x' } });
  });

  it('runs the migrations in version order, however the table is ordered', () => {
    expect(migrateWorkflow({ name: 'x', graph: 'g' }, 1, 3, FAKE_MIGRATIONS)).toEqual({
      ok: true,
      workflow: { name: 'x', trigger_config: 'g' },
    });
    expect(migrateWorkflow({ name: 'x', flow: 'g' }, 2, 3, FAKE_MIGRATIONS)).toEqual({
      ok: true,
      workflow: { name: 'x', trigger_config: 'g' },
    });
  });

  it('refuses when a step is missing or a migration throws', () => {
    expect(migrateWorkflow({}, 1, 3, FAKE_MIGRATIONS.slice(0, 1))).toEqual({
      ok: false,
      message: 'This build cannot read workflow packages of version 1.',
    });
    expect(migrateWorkflow({ name: 'no graph' }, 1, 3, FAKE_MIGRATIONS)).toEqual({
      ok: false,
      message: 'The workflow package does not have the shape of a version 1 package.',
    });
  });
});
