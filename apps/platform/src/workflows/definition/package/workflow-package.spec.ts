import type { WorkflowGraph } from '../workflow-graph';
import type { PackageMigration } from './package-migrations';
import { buildPackage, PACKAGE_SCHEMA, PACKAGE_VERSION, parsePackage, type ParsedPackage } from './workflow-package';

const graph: WorkflowGraph = {
  triggers: [{ id: 't1', type: 'contact_stage_moved', config: { stage_id: '7' } }],
  actions: [{ id: 'a1', type: 'send_sms', config: { message: 'Hi {{contact.first_name}}' } }],
  edges: [{ from: 't1', to: 'a1' }],
};

const workflow = {
  name: 'Welcome',
  description: 'Greets new leads',
  trigger_config: graph,
  settings: { send_window: { start: '08:00', end: '21:00' } },
};

function refusal(parsed: ParsedPackage): { status: number; message: string; fields: Record<string, string[]> } {
  if (parsed.ok) throw new Error('expected the package to be refused');
  return parsed;
}

describe('buildPackage / parsePackage', () => {
  it('builds the spec’s package, without any ownership', () => {
    const built = buildPackage({ name: 'Welcome', description: null, triggerConfig: graph, settings: {} });
    expect(built).toEqual({
      schema: 'service.workflow.export',
      version: 1,
      workflow: { name: 'Welcome', description: null, trigger_config: graph, settings: {} },
    });
  });

  it('round-trips, through JSON too, listing the references to review', () => {
    const built = buildPackage({
      name: workflow.name,
      description: workflow.description,
      triggerConfig: graph,
      settings: workflow.settings,
    });
    expect(parsePackage(JSON.parse(JSON.stringify(built)))).toEqual({
      ok: true,
      workflow: {
        name: 'Welcome',
        description: 'Greets new leads',
        graph,
        settings: workflow.settings,
        references: [{ node_id: 't1', field: 'stage_id', kind: 'stage', value: '7' }],
      },
    });
  });

  it('accepts the workflow wrapper alone, and a package without schema', () => {
    expect(parsePackage(workflow).ok).toBe(true);
    expect(parsePackage({ version: 1, workflow }).ok).toBe(true);
  });

  it('names an unnamed workflow "Imported workflow" and defaults description and settings', () => {
    const parsed = parsePackage({ trigger_config: { triggers: [], actions: [], edges: [] } });
    expect(parsed).toEqual({
      ok: true,
      workflow: {
        name: 'Imported workflow',
        description: null,
        graph: { triggers: [], actions: [], edges: [] },
        settings: {},
        references: [],
      },
    });
    expect(parsed.ok && parsePackage({ ...workflow, name: '   ' }).ok && parsed.workflow.name).toBe('Imported workflow');
  });
});

describe('parsePackage refuses with 400 what is not a package this build reads', () => {
  it.each([[null], ['text'], [[workflow]], [{}], [{ name: 'x' }]])('%j', (input) => {
    expect(refusal(parsePackage(input)).status).toBe(400);
  });

  it('an unknown schema', () => {
    expect(refusal(parsePackage({ schema: 'other.export', version: 1, workflow }))).toMatchObject({
      status: 400,
      fields: { schema: ['must be "service.workflow.export".'] },
    });
  });

  it.each([[2], [0], [-1], [1.5], ['1'], [1e308], [null], [undefined]])('version %p', (version) => {
    expect(refusal(parsePackage({ schema: PACKAGE_SCHEMA, version, workflow }))).toMatchObject({
      status: 400,
      message: 'This build reads workflow packages up to version 1.',
    });
  });

  it('unknown keys at the package and at the workflow level', () => {
    expect(refusal(parsePackage({ schema: PACKAGE_SCHEMA, version: 1, workflow, company_id: 3 })).message).toBe(
      'The package has unknown properties: "company_id".',
    );
    expect(refusal(parsePackage({ schema: PACKAGE_SCHEMA, version: 1, workflow: { ...workflow, company_id: 3 } })).message).toBe(
      'The package\'s workflow has unknown properties: "company_id".',
    );
    expect(refusal(parsePackage({ ...workflow, id: 'NDI=' })).status).toBe(400);
  });

  it('a workflow that is not an object', () => {
    expect(refusal(parsePackage({ schema: PACKAGE_SCHEMA, version: 1, workflow: [workflow] })).status).toBe(400);
  });
});

describe('parsePackage refuses with 422 and fields a package whose content is wrong', () => {
  const withWorkflow = (changes: Record<string, unknown>) => ({
    schema: PACKAGE_SCHEMA,
    version: 1,
    workflow: { ...workflow, ...changes },
  });

  it.each<[Record<string, unknown>, string]>([
    [{ name: 'x'.repeat(256) }, 'name'],
    [{ name: 42 }, 'name'],
    [{ name: 'a\u0000' }, 'name'],
    [{ description: 'x'.repeat(10_001) }, 'description'],
    [{ description: { text: 'x' } }, 'description'],
    [{ settings: [] }, 'settings'],
    [{ settings: { big: 'x'.repeat(64 * 1024) } }, 'settings'],
    [{ settings: { bad: 'a\ud800' } }, 'settings'],
    [{ trigger_config: undefined }, 'trigger_config'],
    [{ trigger_config: 'graph' }, 'trigger_config'],
  ])('%j → %s', (changes, field) => {
    const parsed = refusal(parsePackage(withWorkflow(changes)));
    expect(parsed.status).toBe(422);
    expect(Object.keys(parsed.fields)).toContain(field);
  });

  it('names the graph problems under trigger_config', () => {
    const bad = { ...graph, actions: [{ id: 'a1', type: 'send_sms', config: { message: '{{contact.x}}' } }] };
    expect(refusal(parsePackage(withWorkflow({ trigger_config: bad })))).toEqual({
      ok: false,
      status: 422,
      message: 'The workflow package is not valid.',
      fields: { 'trigger_config.actions[a1].config.message': ['Unknown template field "contact.x".'] },
    });
  });

  it('survives deeply nested settings without overflowing the stack', () => {
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(refusal(parsePackage(withWorkflow({ settings: { deep } }))).fields['settings']?.[0]).toMatch(/too deep/);
  });
});

describe('parsePackage with migrations', () => {
  // The real table is empty (1 is the first version): a pretend version 2 that renamed `graph`
  // (version 1) to `trigger_config` proves the mechanism parsePackage runs.
  const reader = {
    version: 2,
    migrations: [{ from: 1, migrate: ({ graph: g, ...rest }) => ({ ...rest, trigger_config: g }) } as PackageMigration],
  };
  const { trigger_config, ...rest } = workflow;

  it('migrates an older package before reading it', () => {
    const parsed = parsePackage({ schema: PACKAGE_SCHEMA, version: 1, workflow: { ...rest, graph: trigger_config } }, reader);
    expect(parsed.ok && parsed.workflow.graph).toEqual(graph);
  });

  it('reads a current package as it is, and refuses a later one naming the version it reads', () => {
    expect(parsePackage({ schema: PACKAGE_SCHEMA, version: 2, workflow }, reader).ok).toBe(true);
    expect(refusal(parsePackage({ schema: PACKAGE_SCHEMA, version: 3, workflow }, reader)).message).toBe(
      'This build reads workflow packages up to version 2.',
    );
  });

  it('refuses an older package the migration cannot read', () => {
    expect(refusal(parsePackage({ schema: PACKAGE_SCHEMA, version: 1, workflow: { name: 'x' } }, reader))).toMatchObject({
      status: 422,
    });
    expect(PACKAGE_VERSION).toBe(1);
  });
});
