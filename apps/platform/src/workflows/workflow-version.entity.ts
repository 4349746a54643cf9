import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { GRAPH_COLUMN, type WorkflowGraph } from './definition/workflow-graph';

/**
 * A frozen graph runs execute: written when a workflow is activated, or saved while active, and
 * never changed after. A run names its (workflow, version), so an edit never changes a run in
 * flight. Reached through its workflow (no company id of its own).
 */
@Entity({ name: 'workflow_versions' })
export class WorkflowVersionEntity {
  @PrimaryColumn({ type: 'bigint' })
  workflowId!: string;

  @PrimaryColumn({ type: 'integer' })
  version!: number;

  @Column({ type: 'jsonb', transformer: GRAPH_COLUMN })
  graph!: WorkflowGraph;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
