import { actionEntry } from './catalog/action-catalog';
import type { CatalogEntry } from './catalog/catalog-entry';
import { triggerEntry } from './catalog/trigger-catalog';
import { listed } from './condition-config';
import { isPlainObject } from './config-values';
import { findLoopsWithoutWait, unreachableActions } from './graph-paths';
import { readNodeConfig } from './node-config';
import { IF_ELSE_BRANCHES, type WorkflowEdge, type WorkflowGraph, type WorkflowNode } from './workflow-graph';

/**
 * One thing wrong with a graph. `field` is the path inside `trigger_config`, naming nodes by id
 * where they have a valid one (`actions[a2].config.message`) and by position otherwise
 * (`actions[3].id`, `edges[0].to`); `node` is that id, null for the graph as a whole and edges.
 */
export interface GraphProblem {
  node: string | null;
  field: string;
  message: string;
}

export type GraphValidation = { ok: true; graph: WorkflowGraph } | { ok: false; problems: GraphProblem[] };

export const GRAPH_LIMITS = { triggers: 20, actions: 200, edges: 400 } as const;
export const NODE_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Enough to fix a graph by; a hostile one cannot make the answer as large as itself. */
const MAX_PROBLEMS = 100;
const GRAPH_KEYS = ['triggers', 'actions', 'edges'] as const;
const NODE_KEYS = new Set(['id', 'type', 'config']);
const EDGE_KEYS = new Set(['from', 'to', 'branch']);

type Collection = 'triggers' | 'actions';

/**
 * Checks a `trigger_config` as a client sent it and answers the graph with normalised configs,
 * or every problem found (up to MAX_PROBLEMS). Never throws: the input is read one known level
 * at a time, whatever its shape or depth. An empty graph is a valid draft.
 */
export function validateGraph(input: unknown): GraphValidation {
  const problems: GraphProblem[] = [];
  const add = (node: string | null, field: string, message: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push({ node, field, message });
  };
  if (!isPlainObject(input)) {
    add(null, '', 'must be an object with the arrays triggers, actions and edges.');
    return { ok: false, problems };
  }
  const unknown = Object.keys(input).filter((key) => !(GRAPH_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0) add(null, '', `has unknown properties: ${listed(unknown)}.`);
  for (const key of GRAPH_KEYS) {
    const value = input[key];
    if (!Array.isArray(value)) add(null, key, 'is required and must be an array.');
    else if (value.length > GRAPH_LIMITS[key]) add(null, key, `must hold at most ${GRAPH_LIMITS[key]} entries.`);
  }
  if (problems.length > 0) return { ok: false, problems };

  const kinds = new Map<string, { collection: Collection; type: string }>();
  const triggers = readNodes(input['triggers'] as unknown[], 'triggers', triggerEntry, kinds, add);
  const actions = readNodes(input['actions'] as unknown[], 'actions', actionEntry, kinds, add);
  const edges = readEdges(input['edges'] as unknown[], kinds, add);
  if (problems.length > 0) return { ok: false, problems };

  const graph: WorkflowGraph = { triggers, actions, edges };
  checkOutgoingEdges(graph, kinds, add);
  for (const id of unreachableActions(graph)) add(id, `actions[${id}]`, 'is not reachable from any trigger.');
  for (const loop of findLoopsWithoutWait(graph))
    add(
      loop[0] ?? null,
      `actions[${loop[0]}]`,
      `is in a loop without a Wait step (${loop.join(' → ')}); add a Wait to the loop.`,
    );
  return problems.length > 0 ? { ok: false, problems } : { ok: true, graph };
}

type AddProblem = (node: string | null, field: string, message: string) => void;

function readNodes(
  items: unknown[],
  collection: Collection,
  entryOf: (type: string) => CatalogEntry | undefined,
  kinds: Map<string, { collection: Collection; type: string }>,
  add: AddProblem,
): WorkflowNode[] {
  const nodes: WorkflowNode[] = [];
  const noun = collection === 'triggers' ? 'trigger' : 'action';
  items.forEach((item, index) => {
    if (!isPlainObject(item)) return add(null, `${collection}[${index}]`, 'must be an object with id, type and config.');
    const id = typeof item['id'] === 'string' && NODE_ID.test(item['id']) ? item['id'] : null;
    if (id === null) add(null, `${collection}[${index}].id`, 'must be 1 to 64 characters among A-Z, a-z, 0-9, _ and -.');
    else if (kinds.has(id)) add(id, `${collection}[${id}].id`, `Node id "${id}" is used by more than one node.`);
    const unique = id !== null && !kinds.has(id);
    const at = unique ? `${collection}[${id}]` : `${collection}[${index}]`;
    const type = typeof item['type'] === 'string' ? item['type'] : '';
    // Known before its type is checked, so edges naming a node of an unknown type are not reported too.
    if (unique) kinds.set(id, { collection, type });
    const unknown = Object.keys(item).filter((key) => !NODE_KEYS.has(key));
    if (unknown.length > 0) add(id, at, `has unknown properties: ${listed(unknown)}.`);

    const entry = entryOf(type);
    if (!entry) {
      add(id, `${at}.type`, `Unknown ${noun} type ${JSON.stringify(type.toWellFormed().slice(0, 64))}.`);
      return;
    }
    const read = readNodeConfig(entry, item['config']);
    for (const problem of read.problems) add(id, `${at}.config${problem.path}`, problem.message);
    if (unique) nodes.push({ id, type, config: read.config });
  });
  return nodes;
}

function readEdges(
  items: unknown[],
  kinds: Map<string, { collection: Collection; type: string }>,
  add: AddProblem,
): WorkflowEdge[] {
  const edges: WorkflowEdge[] = [];
  items.forEach((item, index) => {
    const at = `edges[${index}]`;
    if (!isPlainObject(item)) return add(null, at, 'must be an object with from and to.');
    const unknown = Object.keys(item).filter((key) => !EDGE_KEYS.has(key));
    if (unknown.length > 0) add(null, at, `has unknown properties: ${listed(unknown)}.`);
    const from = nodeNamed(item['from']);
    const to = nodeNamed(item['to']);
    const fromKind = from === null ? undefined : kinds.get(from);
    const toKind = to === null ? undefined : kinds.get(to);
    if (!fromKind) add(null, `${at}.from`, 'must name a trigger or action of the graph.');
    if (!toKind) add(null, `${at}.to`, 'must name an action of the graph.');
    else if (toKind.collection === 'triggers') add(to, `${at}.to`, 'must name an action: an edge cannot lead to a trigger.');
    if (!fromKind || !toKind || from === null || to === null) return;

    const branch = item['branch'];
    if (fromKind.type === 'if_else') {
      if (typeof branch !== 'string' || !(IF_ELSE_BRANCHES as readonly string[]).includes(branch))
        return add(from, `${at}.branch`, `must be ${IF_ELSE_BRANCHES.join(' or ')} on an edge leaving an If / Else.`);
      edges.push({ from, to, branch });
    } else {
      if (branch !== undefined && branch !== null) return add(from, `${at}.branch`, 'is only for edges leaving an If / Else.');
      edges.push({ from, to });
    }
  });
  return edges;
}

function nodeNamed(value: unknown): string | null {
  return typeof value === 'string' && NODE_ID.test(value) ? value : null;
}

/** How many edges leave each node: one per trigger, per branch of an if_else, at most one elsewhere, none from an end. */
function checkOutgoingEdges(
  graph: WorkflowGraph,
  kinds: Map<string, { collection: Collection; type: string }>,
  add: AddProblem,
): void {
  const leaving = new Map<string, WorkflowEdge[]>();
  for (const edge of graph.edges) leaving.set(edge.from, [...(leaving.get(edge.from) ?? []), edge]);
  for (const trigger of graph.triggers) {
    const count = leaving.get(trigger.id)?.length ?? 0;
    // A graph without actions is a draft being built: its triggers lead nowhere yet.
    if (count > 1 || (count === 0 && graph.actions.length > 0))
      add(trigger.id, `triggers[${trigger.id}]`, 'needs exactly one outgoing edge: the step its runs start at.');
  }
  for (const action of graph.actions) {
    const out = leaving.get(action.id) ?? [];
    const at = `actions[${action.id}]`;
    const kind = kinds.get(action.id)?.type;
    if (kind === 'end' && out.length > 0) add(action.id, at, 'An End step has no outgoing edge.');
    else if (kind === 'if_else') {
      for (const branch of IF_ELSE_BRANCHES)
        if (out.filter((edge) => edge.branch === branch).length > 1)
          add(action.id, at, `has more than one "${branch}" edge; each branch leads to one step.`);
    } else if (out.length > 1) add(action.id, at, 'has more than one outgoing edge; only an If / Else branches.');
  }
}

/** The trigger types a graph starts on, distinct and sorted (what the engine subscribes the workflow to). */
export function graphTriggerTypes(graph: WorkflowGraph): string[] {
  return [...new Set(graph.triggers.map((trigger) => trigger.type))].sort();
}

/** Problems in the API's `fields` form: `{ "trigger_config.actions[a2].config.message": ["…"] }`. */
export function graphProblemsAsFields(problems: GraphProblem[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const problem of problems) {
    const key = problem.field ? `trigger_config.${problem.field}` : 'trigger_config';
    (fields[key] ??= []).push(problem.message);
  }
  return fields;
}
