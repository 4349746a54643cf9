import { graphReferences } from './graph-references';
import { validateGraph } from './validate-graph';

describe('graphReferences', () => {
  it('lists every reference config value and every stage an if_else compares with', () => {
    const result = validateGraph({
      triggers: [
        { id: 't1', type: 'contact_stage_moved', config: { pipeline_id: 'NDI=', stage_id: 7 } },
        { id: 't2', type: 'contact_created', config: { source: 'ads' } },
      ],
      actions: [
        {
          id: 'a1',
          type: 'if_else',
          config: {
            conditions: [
              { field: 'tags', operator: 'includes', value: 'vip' },
              { field: 'stage', operator: 'is_not', value: '9' },
            ],
          },
        },
        { id: 'a2', type: 'send_email', config: { domain_id: 'dom-1', subject: 'Hi', body: 'Hello' } },
        {
          id: 'a3',
          type: 'create_appointment',
          config: { title: 'T', starts_in: { amount: 1, unit: 'days' }, duration_minutes: 30 },
        },
      ],
      edges: [
        { from: 't1', to: 'a1' },
        { from: 't2', to: 'a1' },
        { from: 'a1', to: 'a2', branch: 'yes' },
        { from: 'a1', to: 'a3', branch: 'no' },
      ],
    });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(graphReferences(result.graph)).toEqual([
      { node_id: 't1', field: 'pipeline_id', kind: 'pipeline', value: '42' },
      { node_id: 't1', field: 'stage_id', kind: 'stage', value: '7' },
      { node_id: 'a1', field: 'conditions[1].value', kind: 'stage', value: '9' },
      { node_id: 'a2', field: 'domain_id', kind: 'email_domain', value: 'dom-1' },
    ]);
  });

  it('finds none in a graph without company-specific selections', () => {
    expect(graphReferences({ triggers: [{ id: 't1', type: 'run_now', config: {} }], actions: [], edges: [] })).toEqual([]);
  });
});
