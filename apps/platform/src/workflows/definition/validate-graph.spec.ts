import { graphProblemsAsFields, type GraphProblem, graphTriggerTypes, validateGraph } from './validate-graph';
import type { WorkflowGraph } from './workflow-graph';

type Json = Record<string, unknown>;
type Loose = { triggers?: unknown; actions?: unknown; edges?: unknown; [key: string]: unknown };

/** A valid graph: contact_created → send_sms → if_else (yes → add_tag → end, no → wait). */
function graph(): { triggers: Json[]; actions: Json[]; edges: Json[] } {
  return {
    triggers: [{ id: 't1', type: 'contact_created', config: {} }],
    actions: [
      { id: 'a1', type: 'send_sms', config: { message: 'Hi {{ contact.first_name | default: "there" }}' } },
      { id: 'a2', type: 'if_else', config: { conditions: [{ field: 'tags', operator: 'includes', value: 'vip' }] } },
      { id: 'a3', type: 'add_tag', config: { tag: 'welcomed' } },
      { id: 'a4', type: 'end', config: {} },
      { id: 'a5', type: 'wait', config: { duration: { amount: 1, unit: 'days' } } },
    ],
    edges: [
      { from: 't1', to: 'a1' },
      { from: 'a1', to: 'a2' },
      { from: 'a2', to: 'a3', branch: 'yes' },
      { from: 'a3', to: 'a4' },
      { from: 'a2', to: 'a5', branch: 'no' },
    ],
  };
}

function problemsOf(input: unknown): GraphProblem[] {
  const result = validateGraph(input);
  if (result.ok) throw new Error('expected the graph to be refused');
  return result.problems;
}

function expectProblem(input: unknown, expected: Partial<GraphProblem>): void {
  expect(problemsOf(input)).toContainEqual(expect.objectContaining(expected));
}

describe('validateGraph: shape', () => {
  it('accepts the empty graph (a draft) and triggers without actions', () => {
    expect(validateGraph({ triggers: [], actions: [], edges: [] })).toEqual({
      ok: true,
      graph: { triggers: [], actions: [], edges: [] },
    });
    expect(validateGraph({ triggers: [{ id: 't1', type: 'run_now' }], actions: [], edges: [] }).ok).toBe(true);
  });

  it('accepts a full graph', () => {
    expect(validateGraph(graph()).ok).toBe(true);
  });

  it.each([[null], [[]], ['graph'], [42]])('refuses %j as the graph', (input) => {
    expect(problemsOf(input)).toEqual([{ node: null, field: '', message: expect.stringContaining('must be an object') }]);
  });

  it('refuses missing arrays and unknown top-level keys', () => {
    expectProblem({ triggers: [], actions: [] }, { field: 'edges', message: 'is required and must be an array.' });
    expectProblem({ triggers: [], actions: {}, edges: [] }, { field: 'actions' });
    expectProblem(
      { triggers: [], actions: [], edges: [], company_id: 1 },
      { field: '', message: 'has unknown properties: "company_id".' },
    );
  });

  it('bounds the arrays: 20 triggers, 200 actions, 400 edges', () => {
    const base = { triggers: [], actions: [], edges: [] };
    expectProblem({ ...base, triggers: new Array(21).fill({}) }, { field: 'triggers', message: 'must hold at most 20 entries.' });
    expectProblem({ ...base, actions: new Array(201).fill({}) }, { field: 'actions', message: 'must hold at most 200 entries.' });
    expectProblem({ ...base, edges: new Array(401).fill({}) }, { field: 'edges', message: 'must hold at most 400 entries.' });
    const many = { triggers: [], edges: [], actions: Array.from({ length: 200 }, (_, i) => ({ id: `a${i}`, type: 'end' })) };
    expect(problemsOf(many)).toHaveLength(100); // unreachable, each: the answer stays bounded
  });
});

describe('validateGraph: nodes', () => {
  it.each([[''], ['has space'], ['x'.repeat(65)], [7], [null], ['a\u0000']])('refuses the node id %j', (id) => {
    const input = graph();
    input.actions[0].id = id;
    expectProblem(input, { node: null, field: 'actions[0].id' });
  });

  it('refuses an id used twice, across triggers and actions', () => {
    const input = graph();
    input.actions[0].id = 't1';
    expectProblem(input, { node: 't1', message: 'Node id "t1" is used by more than one node.' });
  });

  it('refuses unknown types, naming the node', () => {
    const input = graph();
    input.actions[2].type = 'x';
    input.triggers[0].type = 'constructor';
    expectProblem(input, { node: 'a3', field: 'actions[a3].type', message: 'Unknown action type "x".' });
    expectProblem(input, { node: 't1', field: 'triggers[t1].type', message: 'Unknown trigger type "constructor".' });
    // Edges to and from the unknown node are not reported as well.
    expect(problemsOf(input)).toHaveLength(2);
  });

  it('refuses unknown node keys and non-object nodes', () => {
    const input = graph();
    input.actions[0].position = { x: 1 };
    (input.actions as unknown[]).push('a9');
    expectProblem(input, { node: 'a1', field: 'actions[a1]', message: 'has unknown properties: "position".' });
    expectProblem(input, { node: null, field: 'actions[5]' });
  });
});

describe('validateGraph: configs', () => {
  it('reads a missing or null config as {}', () => {
    const result = validateGraph({ triggers: [{ id: 't1', type: 'contact_created', config: null }], actions: [], edges: [] });
    expect(result).toEqual({
      ok: true,
      graph: { triggers: [{ id: 't1', type: 'contact_created', config: {} }], actions: [], edges: [] },
    });
  });

  it('returns normalised configs: trimmed tags and text, decimal ids, integers as numbers', () => {
    const result = validateGraph({
      triggers: [
        { id: 't1', type: 'tag_added', config: { tag: '  VIP ' } },
        { id: 't2', type: 'contact_stage_moved', config: { pipeline_id: 'NDI=', stage_id: 7 } },
        { id: 't3', type: 'contact_created', config: { source: '  ads ' } },
        { id: 't4', type: 'sms_received', config: { keyword: '  ' } },
      ],
      actions: [
        {
          id: 'a1',
          type: 'create_appointment',
          config: { title: 'Call {{contact.first_name}}', starts_in: { amount: 1, unit: 'days' }, duration_minutes: '30' },
        },
      ],
      edges: ['t1', 't2', 't3', 't4'].map((from) => ({ from, to: 'a1' })),
    });
    expect(result.ok && result.graph.triggers.map((trigger) => trigger.config)).toEqual([
      { tag: 'VIP' },
      { pipeline_id: '42', stage_id: '7' },
      { source: 'ads' },
      {},
    ]);
    expect(result.ok && result.graph.actions[0]!.config).toEqual({
      title: 'Call {{contact.first_name}}',
      starts_in: { amount: 1, unit: 'days' },
      duration_minutes: 30,
    });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['send_sms', {}, 'message', 'is required.'],
    ['send_sms', { message: '   ' }, 'message', 'is required.'],
    ['send_sms', { message: 'x'.repeat(2001) }, 'message', 'must be at most 2000 characters.'],
    ['send_sms', { message: 'Hi {{contact.x}}' }, 'message', 'Unknown template field "contact.x".'],
    ['send_sms', { message: 'Hi\u0000' }, 'message', 'must not contain NUL characters.'],
    ['send_sms', { message: ['Hi'] }, 'message', 'must be a string.'],
    ['send_email', { domain_id: 'd1', subject: 'S', body: 'x'.repeat(10_001) }, 'body', 'must be at most 10000 characters.'],
    ['send_email', { subject: 'S', body: 'B' }, 'domain_id', 'is required.'],
    ['add_tag', { tag: 'x'.repeat(101) }, 'tag', 'must be at most 100 characters.'],
    ['move_to_stage', { pipeline_id: 1, stage_id: -4 }, 'stage_id', 'must be a stage id.'],
    ['add_to_list', { list_id: { id: 1 } }, 'list_id', 'must be a list id.'],
    ['assign_user', { user_id: 1e308 }, 'user_id', 'must be a user id.'],
    [
      'create_appointment',
      { title: 'T', starts_in: { amount: 1, unit: 'hours' }, duration_minutes: 4 },
      'duration_minutes',
      'must be between 5 and 1440.',
    ],
    [
      'if_else',
      { conditions: [{ field: 'tags', operator: 'includes', value: 'a' }], match: 'most' },
      'match',
      'must be one of: all, any.',
    ],
    ['if_else', { conditions: [{ field: 'stage', operator: 'is', value: 'x!' }] }, 'conditions[0].value', 'must be a stage id.'],
    [
      'wait',
      { duration: { amount: 1, unit: 'years' } },
      'duration.unit',
      'must be one of: seconds, minutes, hours, days, weeks.',
    ],
  ])('%s %j → config.%s: %s', (type, config, field, message) => {
    const input = {
      triggers: [{ id: 't1', type: 'run_now' }],
      actions: [{ id: 'a1', type, config }],
      edges: [{ from: 't1', to: 'a1' }],
    };
    expectProblem(input, { node: 'a1', field: `actions[a1].config.${field}`, message });
  });

  it('refuses unknown config keys and configs that are not objects', () => {
    expectProblem(
      { triggers: [{ id: 't1', type: 'run_now', config: { __proto__: 1, x: 2 } }], actions: [], edges: [] },
      { node: 't1', field: 'triggers[t1].config', message: 'has unknown properties: "x".' },
    );
    expectProblem(
      JSON.parse('{"triggers":[{"id":"t1","type":"run_now","config":{"__proto__":{"a":1}}}],"actions":[],"edges":[]}'),
      { node: 't1', field: 'triggers[t1].config', message: 'has unknown properties: "__proto__".' },
    );
    expectProblem(
      { triggers: [{ id: 't1', type: 'run_now', config: [] }], actions: [], edges: [] },
      { field: 'triggers[t1].config', message: 'must be an object.' },
    );
  });

  it('needs exactly one of duration and until on a wait', () => {
    const wait = (config: unknown) => ({
      triggers: [{ id: 't1', type: 'run_now' }],
      actions: [{ id: 'w', type: 'wait', config }],
      edges: [{ from: 't1', to: 'w' }],
    });
    const message = 'A wait needs exactly one of duration and until.';
    expectProblem(wait({}), { node: 'w', field: 'actions[w].config', message });
    expectProblem(wait({ duration: { amount: 1, unit: 'days' }, until: { weekdays: ['mon'], time: '09:00' } }), { message });
    expect(validateGraph(wait({ until: { weekdays: ['mon'], time: '09:00' } })).ok).toBe(true);
    expect(validateGraph(wait({ duration: { amount: 1, unit: 'days' } })).ok).toBe(true);
  });
});

describe('validateGraph: edges', () => {
  it('needs from and to to name nodes of the graph', () => {
    const input = graph();
    input.edges.push({ from: 'ghost', to: 'a1' }, { from: 'a4', to: 42 });
    expectProblem(input, { field: 'edges[5].from' });
    expectProblem(input, { field: 'edges[6].to' });
  });

  it('refuses an edge to a trigger', () => {
    const input = graph();
    input.edges[3] = { from: 'a3', to: 't1' };
    expectProblem(input, { node: 't1', field: 'edges[3].to', message: 'must name an action: an edge cannot lead to a trigger.' });
  });

  it('needs exactly one outgoing edge per trigger when there are actions', () => {
    const none = graph();
    none.triggers.push({ id: 't2', type: 'run_now' });
    expectProblem(none, {
      node: 't2',
      field: 'triggers[t2]',
      message: 'needs exactly one outgoing edge: the step its runs start at.',
    });
    const two = graph();
    two.edges.push({ from: 't1', to: 'a3' });
    expectProblem(two, { node: 't1', field: 'triggers[t1]' });
  });

  it('takes a branch only on edges leaving an if_else, required there, each branch once', () => {
    const onSms = graph();
    onSms.edges[1] = { from: 'a1', to: 'a2', branch: 'yes' };
    expectProblem(onSms, { node: 'a1', field: 'edges[1].branch', message: 'is only for edges leaving an If / Else.' });
    const missing = graph();
    delete missing.edges[2].branch;
    expectProblem(missing, {
      node: 'a2',
      field: 'edges[2].branch',
      message: 'must be yes or no on an edge leaving an If / Else.',
    });
    const maybe = graph();
    maybe.edges[2].branch = 'maybe';
    expectProblem(maybe, { field: 'edges[2].branch' });
    const twice = graph();
    twice.edges[4].branch = 'yes';
    expectProblem(twice, { node: 'a2', message: 'has more than one "yes" edge; each branch leads to one step.' });
  });

  it('allows one outgoing edge on other actions and none on an end', () => {
    const forked = graph();
    forked.edges.push({ from: 'a1', to: 'a3' });
    expectProblem(forked, { node: 'a1', message: 'has more than one outgoing edge; only an If / Else branches.' });
    const afterEnd = graph();
    afterEnd.edges.push({ from: 'a4', to: 'a5' });
    expectProblem(afterEnd, { node: 'a4', message: 'An End step has no outgoing edge.' });
  });

  it('refuses unknown edge keys', () => {
    const input = graph();
    input.edges[0].label = 'go';
    expectProblem(input, { field: 'edges[0]', message: 'has unknown properties: "label".' });
  });
});

describe('validateGraph: paths', () => {
  it('refuses an action no trigger leads to', () => {
    const input = graph();
    input.actions.push({ id: 'lost', type: 'end' });
    expectProblem(input, { node: 'lost', field: 'actions[lost]', message: 'is not reachable from any trigger.' });
    expectProblem({ triggers: [], actions: [{ id: 'a', type: 'end' }], edges: [] }, { node: 'a' });
  });

  it('refuses a loop without a wait, self-loops included', () => {
    const loop = graph();
    loop.edges[3] = { from: 'a3', to: 'a1' }; // a1 → a2 → a3 → a1
    loop.actions.splice(3, 1); // the end step no longer in use
    const problems = problemsOf(loop);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toMatch(/^is in a loop without a Wait step \(a1 → a2 → a3 → a1\)/);
    const self = graph();
    self.edges[3] = { from: 'a3', to: 'a3' };
    expectProblem(self, { node: 'a3', message: expect.stringContaining('(a3 → a3)') });
  });

  it('accepts a loop through a wait', () => {
    const input = graph();
    input.edges.push({ from: 'a5', to: 'a1' }); // no → wait a day → send again
    expect(validateGraph(input).ok).toBe(true);
    const waitSelf = {
      triggers: [{ id: 't', type: 'run_now' }],
      actions: [{ id: 'w', type: 'wait', config: { duration: { amount: 1, unit: 'hours' } } }],
      edges: [
        { from: 't', to: 'w' },
        { from: 'w', to: 'w' },
      ],
    };
    expect(validateGraph(waitSelf).ok).toBe(true);
  });
});

describe('validateGraph: hostile input', () => {
  it('never throws, whatever it is given', () => {
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    const hostile: Loose[] = [
      { triggers: [{ id: 't1', type: 'run_now', config: deep }], actions: [], edges: [] },
      { triggers: [{ id: 't1', type: 'tag_added', config: { tag: deep } }], actions: [], edges: [] },
      { triggers: [deep], actions: [deep], edges: [deep] },
      { triggers: [{ id: 1e308, type: 1e308, config: 1e308 }], actions: [], edges: [{ from: 1e308, to: 1e308, branch: 1e308 }] },
      { triggers: [{ id: 't\u0000', type: 'run\ud800' }], actions: [], edges: [] },
      { triggers: [[]], actions: [[[]]], edges: [[]] },
      JSON.parse(
        '{"triggers":[{"id":"__proto__","type":"__proto__","config":{"constructor":{"prototype":1}}}],' +
          '"actions":[],"edges":[{"from":"__proto__","to":"constructor"}]}',
      ),
      { triggers: 'x', actions: { length: 5 }, edges: 1e308 },
    ];
    for (const input of hostile) {
      const result = validateGraph(input);
      expect(result.ok).toBe(false);
    }
    expect(({} as Record<string, unknown>)['prototype']).toBeUndefined();
  });

  it('shows hostile type names safely in messages', () => {
    const problems = problemsOf({ triggers: [{ id: 't1', type: 'x\ud800' + 'y'.repeat(500) }], actions: [], edges: [] });
    expect(problems[0]!.message.isWellFormed()).toBe(true);
    expect(problems[0]!.message.length).toBeLessThan(100);
  });
});

describe('graphProblemsAsFields', () => {
  it('keys the problems by their path under trigger_config', () => {
    expect(
      graphProblemsAsFields([
        { node: 'a2', field: 'actions[a2].config.message', message: 'is required.' },
        { node: 'a2', field: 'actions[a2].config.message', message: 'again.' },
        { node: null, field: '', message: 'must be an object.' },
      ]),
    ).toEqual({
      'trigger_config.actions[a2].config.message': ['is required.', 'again.'],
      trigger_config: ['must be an object.'],
    });
  });
});

describe('graphTriggerTypes', () => {
  it('answers the distinct trigger types, sorted', () => {
    const value: WorkflowGraph = {
      triggers: [
        { id: 't1', type: 'tag_added', config: {} },
        { id: 't2', type: 'contact_created', config: {} },
        { id: 't3', type: 'tag_added', config: {} },
      ],
      actions: [],
      edges: [],
    };
    expect(graphTriggerTypes(value)).toEqual(['contact_created', 'tag_added']);
  });
});
