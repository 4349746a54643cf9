import { Column, Entity, Index } from 'typeorm';
import { CompanyStampedEntity } from '../shared/company-owned.entity';
import type { WorkflowStatus } from '@suite/contracts';
import { GRAPH_COLUMN, type WorkflowGraph } from './definition/workflow-graph';
import type { GraphReference } from './definition/graph-references';

export const WORKFLOW_NOT_FOUND = 'Workflow not found.';

/**
 * An automation workflow: its editable graph (`triggerConfig`, what the builder shows and saves)
 * and which frozen version new runs start on (`activeVersion`, a row of `workflow_versions`).
 * Saving an active workflow freezes a new version; runs keep the version they started on.
 * `referencesToReview` lists the company-specific selections an import could not vouch for
 * (stages, lists, users, agents, numbers): activation is refused while any remains.
 */
@Entity({ name: 'workflows' })
@Index('workflows_company_idx', ['companyId', 'id'])
export class WorkflowEntity extends CompanyStampedEntity {
  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'varchar', length: 16, default: 'draft' })
  status!: WorkflowStatus;

  @Column({ type: 'bigint', nullable: true })
  folderId!: string | null;

  @Column({ type: 'jsonb', transformer: GRAPH_COLUMN })
  triggerConfig!: WorkflowGraph;

  /** The package's free-form `settings` (kept through export and import). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  settings!: Record<string, unknown>;

  /** Bumped by every save of the graph; the version a save would freeze. */
  @Column({ type: 'integer', default: 1 })
  version!: number;

  /** The frozen version new runs start on; 0 before the first activation. */
  @Column({ type: 'integer', default: 0 })
  activeVersion!: number;

  /** The trigger types of the active version (the engine's subscription), empty unless active. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  activeTriggerTypes!: string[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  referencesToReview!: GraphReference[];
}
