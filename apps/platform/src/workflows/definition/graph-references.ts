/** The kinds of company-specific selection a graph can hold (config fields of type `reference`). */
export const REFERENCE_KINDS = ['pipeline', 'stage', 'list', 'user', 'agent', 'phone_number', 'email_domain'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

/** One company-specific selection in a graph: which node, which config field, what it names. */
export interface GraphReference {
  node_id: string;
  field: string;
  kind: ReferenceKind;
  /** The id (or number) as the graph holds it. */
  value: string;
}
