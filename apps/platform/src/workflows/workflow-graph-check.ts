import { AppError } from '@suite/http';
import { graphProblemsAsFields, validateGraph } from './definition/validate-graph';
import type { WorkflowGraph } from './definition/workflow-graph';

export const INVALID_GRAPH = 'trigger_config is not a valid workflow graph.';

/**
 * The graph a request sent, checked and normalised, or the 422 naming each problem by field
 * (`trigger_config.actions[a1].config.message`).
 */
export function checkedGraph(input: unknown): WorkflowGraph {
  const result = validateGraph(input);
  if (result.ok) return result.graph;
  throw new AppError('unprocessable', INVALID_GRAPH, graphProblemsAsFields(result.problems));
}
