import { unscopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppError } from '@suite/http';
import { graphReferences } from './definition/graph-references';
import { graphTriggerTypes } from './definition/validate-graph';
import type { WorkflowGraph } from './definition/workflow-graph';
import { ReferenceResolver } from './references/reference-resolver';
import { referenceField, referenceLabel } from './references/reference-field';
import { WorkflowVersionEntity } from './workflow-version.entity';
import type { WorkflowEntity } from './workflow.entity';

export const NOTHING_TO_RUN = 'A workflow needs at least one trigger and one action to be activated.';
export const REVIEW_IMPORTED = 'Review the imported selections in the builder and save before activating';
export const UNRESOLVED_REFERENCES = 'The workflow names selections that are not this company’s';

/**
 * What activation, and a save of an active workflow, require before a graph may run: a trigger
 * and an action; no imported selection left to review; every selection naming a row of the
 * company. Then the graph is frozen as a `workflow_versions` row and becomes the one new runs use.
 */
@Injectable()
export class WorkflowActivation {
  constructor(private readonly resolver: ReferenceResolver) {}

  /** Throws the 422 naming every problem, field by field. */
  async assertRunnable(manager: EntityManager, workflow: WorkflowEntity, graph: WorkflowGraph): Promise<void> {
    const empty: Record<string, string[]> = {};
    if (graph.triggers.length === 0) empty['trigger_config.triggers'] = ['add at least one trigger'];
    if (graph.actions.length === 0) empty['trigger_config.actions'] = ['add at least one action'];
    if (Object.keys(empty).length > 0) throw new AppError('unprocessable', NOTHING_TO_RUN, empty);

    if (workflow.referencesToReview.length > 0) {
      const fields: Record<string, string[]> = {};
      for (const reference of workflow.referencesToReview) {
        (fields[referenceField(graph, reference)] ??= []).push(
          `${referenceLabel(reference)} came with the import: select this company's ${reference.kind.replace('_', ' ')} and save`,
        );
      }
      throw new AppError('unprocessable', `${REVIEW_IMPORTED}: ${Object.keys(fields).join(', ')}.`, fields);
    }

    await this.assertOwnReferences(manager, workflow.companyId, graph);
  }

  /**
   * Every selection of the graph names a row of the company (decision 0042): 422 naming each
   * node field that does not. Activation requires it, and so does every save of the builder or a
   * create, draft or not; only an import stores another company's ids, marked to review.
   */
  async assertOwnReferences(manager: EntityManager, companyId: string, graph: WorkflowGraph): Promise<void> {
    const problems = await this.resolver.problems(manager, companyId, graph, graphReferences(graph));
    if (Object.keys(problems).length > 0) {
      throw new AppError('unprocessable', `${UNRESOLVED_REFERENCES}: ${Object.values(problems).flat().join('; ')}.`, problems);
    }
  }

  /** Freezes `workflow.version` (once: an activation after a deactivation reuses the row) and points new runs at it. */
  async makeActive(manager: EntityManager, workflow: WorkflowEntity): Promise<void> {
    const versions = unscopedRepository(manager, WorkflowVersionEntity);
    const frozen = await versions.findOne({ where: { workflowId: workflow.id, version: workflow.version } });
    if (!frozen)
      await versions.save(versions.create({ workflowId: workflow.id, version: workflow.version, graph: workflow.triggerConfig }));
    workflow.status = 'active';
    workflow.activeVersion = workflow.version;
    workflow.activeTriggerTypes = graphTriggerTypes(workflow.triggerConfig);
  }
}
