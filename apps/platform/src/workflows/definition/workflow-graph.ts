/**
 * A workflow's graph, `trigger_config` in the API: what starts a run (triggers), what it does
 * (actions) and in which order (edges). The spec fixes the three arrays; the fields of their
 * entries are ours (docs/workflows.md).
 *
 *   triggers: [{ id: 't1', type: 'contact_created', config: {} }]
 *   actions:  [{ id: 'a1', type: 'send_sms', config: { message: 'Hi {{contact.first_name}}' } }, …]
 *   edges:    [{ from: 't1', to: 'a1' }, { from: 'a2', to: 'a3', branch: 'yes' }]
 *
 * A trigger's one outgoing edge is where a run starts; an action's outgoing edges say what runs
 * next (an `if_else` has one edge per branch, `yes` and `no`); an action without an outgoing edge
 * ends the run, as `end` does.
 */
export interface WorkflowNode {
  /** Unique in the graph: `[A-Za-z0-9_-]`, at most 64 characters. */
  id: string;
  type: string;
  config: Record<string, unknown>;
}

export interface WorkflowEdge {
  from: string;
  to: string;
  /** The outcome of an `if_else` this edge leaves on: `yes` or `no`. Absent on every other edge. */
  branch?: string;
}

export interface WorkflowGraph {
  triggers: WorkflowNode[];
  actions: WorkflowNode[];
  edges: WorkflowEdge[];
}

export const EMPTY_GRAPH: WorkflowGraph = Object.freeze({ triggers: [], actions: [], edges: [] }) as WorkflowGraph;

/** The branches an `if_else` leaves on. */
export const IF_ELSE_BRANCHES = ['yes', 'no'] as const;
export type IfElseBranch = (typeof IF_ELSE_BRANCHES)[number];

/**
 * The graph with its keys in the order the API documents (`triggers`, `actions`, `edges`; `id`,
 * `type`, `config`; `from`, `to`, `branch`). PostgreSQL's jsonb keeps keys in its own order, so a
 * graph read back is put in this order before it is answered or exported.
 */
export function canonicalGraph(graph: WorkflowGraph): WorkflowGraph {
  const node = ({ id, type, config }: WorkflowNode): WorkflowNode => ({ id, type, config });
  return {
    triggers: graph.triggers.map(node),
    actions: graph.actions.map(node),
    edges: graph.edges.map(({ from, to, branch }) => (branch === undefined ? { from, to } : { from, to, branch })),
  };
}

/** The TypeORM transformer of a jsonb column holding a graph. */
export const GRAPH_COLUMN = {
  from: (stored: WorkflowGraph | null): WorkflowGraph | null => (stored ? canonicalGraph(stored) : stored),
  to: (graph: WorkflowGraph | null): WorkflowGraph | null => graph,
};
