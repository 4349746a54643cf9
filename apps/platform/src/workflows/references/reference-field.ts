import type { GraphReference } from '../definition/graph-references';
import type { WorkflowGraph } from '../definition/workflow-graph';

/**
 * Where a reference sits in the request, as a 422's field key:
 * `trigger_config.actions[a3].config.stage_id` (the node by its id, not its index: ids are what
 * the builder shows and stay put when nodes are reordered).
 */
export function referenceField(graph: WorkflowGraph, reference: GraphReference): string {
  const section = graph.triggers.some((node) => node.id === reference.node_id) ? 'triggers' : 'actions';
  return `trigger_config.${section}[${reference.node_id}].config.${reference.field}`;
}

/** "stage 42", "phone number 7": how a message names what a reference points at. */
export const referenceLabel = (reference: GraphReference): string => `${reference.kind.replace('_', ' ')} ${reference.value}`;
