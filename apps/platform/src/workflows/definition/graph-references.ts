import { actionEntry } from './catalog/action-catalog';
import { triggerEntry } from './catalog/trigger-catalog';
import type { Condition } from './conditions';
import type { ReferenceKind } from './reference-kinds';
import type { WorkflowGraph } from './workflow-graph';

/** One company-specific selection in a graph: which node, which config field, what it names. */
export interface GraphReference {
  node_id: string;
  field: string;
  kind: ReferenceKind;
  /** The id (or number) as the graph holds it. */
  value: string;
}

/**
 * Every company-specific selection in a (validated) graph: reference config fields, and the
 * stage ids if_else conditions compare with (field `conditions[i].value`). What an import marks
 * "to review": ids that meant something in the exporting company mean nothing, or something else,
 * in the importing one.
 */
export function graphReferences(graph: WorkflowGraph): GraphReference[] {
  const references: GraphReference[] = [];
  for (const node of [...graph.triggers, ...graph.actions]) {
    const entry = triggerEntry(node.type) ?? actionEntry(node.type);
    for (const field of entry?.config_fields ?? []) {
      const value = node.config[field.key];
      if (field.type === 'reference' && field.reference && (typeof value === 'string' || typeof value === 'number'))
        references.push({ node_id: node.id, field: field.key, kind: field.reference, value: String(value) });
    }
    if (node.type !== 'if_else' || !Array.isArray(node.config['conditions'])) continue;
    (node.config['conditions'] as Condition[]).forEach((condition, index) => {
      if (condition.field === 'stage' && typeof condition.value === 'string')
        references.push({ node_id: node.id, field: `conditions[${index}].value`, kind: 'stage', value: condition.value });
    });
  }
  return references;
}
