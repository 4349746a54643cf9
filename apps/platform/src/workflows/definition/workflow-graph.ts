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
