import { findLoopsWithoutWait, unreachableActions } from './graph-paths';
import type { WorkflowGraph } from './workflow-graph';

const node = (id: string, type = 'add_tag') => ({ id, type, config: {} });
const edge = (from: string, to: string) => ({ from, to });

describe('unreachableActions', () => {
  it('lists the actions no trigger leads to, also past loops', () => {
    const graph: WorkflowGraph = {
      triggers: [node('t', 'run_now')],
      actions: [node('a'), node('b'), node('c'), node('d')],
      edges: [edge('t', 'a'), edge('a', 'b'), edge('b', 'a'), edge('c', 'd')],
    };
    expect(unreachableActions(graph)).toEqual(['c', 'd']);
  });
});

describe('findLoopsWithoutWait', () => {
  it('finds each loop without a wait once, self-loops included', () => {
    const graph: WorkflowGraph = {
      triggers: [],
      actions: [node('a'), node('b'), node('c'), node('d'), node('e')],
      edges: [edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('d', 'd'), edge('c', 'e')],
    };
    const loops = findLoopsWithoutWait(graph);
    expect(loops).toHaveLength(2);
    expect(loops).toEqual(
      expect.arrayContaining([
        ['d', 'd'],
        ['a', 'b', 'c', 'a'],
      ]),
    );
  });

  it('allows loops through a wait, even nested in a larger loop', () => {
    const graph: WorkflowGraph = {
      triggers: [],
      actions: [node('a'), node('w', 'wait'), node('b')],
      edges: [edge('a', 'w'), edge('w', 'b'), edge('b', 'a'), edge('w', 'w')],
    };
    expect(findLoopsWithoutWait(graph)).toEqual([]);
  });
});
