import { Injectable } from '@nestjs/common';
import { ArrayContains, type EntityManager } from 'typeorm';
import { CompanyScopedRepository } from '@suite/database';
import { WorkflowEntity } from '../../workflow.entity';

/**
 * A company's active workflows with a trigger of a type, read once per transaction: an inbox chunk
 * of 200 events of one company and type asks once, not 200 times. Within one transaction that is
 * as if its events had been handled at the moment of the first read — a workflow activated or
 * paused while the chunk runs applies from the next chunk, as it would had the chunk run a moment
 * earlier — and nothing is kept beyond the transaction (no cache to invalidate across replicas).
 */
@Injectable()
export class ActiveWorkflows {
  private readonly read = new WeakMap<EntityManager, Map<string, Promise<WorkflowEntity[]>>>();

  of(manager: EntityManager, companyId: string, triggerType: string): Promise<WorkflowEntity[]> {
    let known = this.read.get(manager);
    if (!known) this.read.set(manager, (known = new Map()));
    const key = `${companyId}:${triggerType}`;
    let workflows = known.get(key);
    if (!workflows) {
      workflows = CompanyScopedRepository.of(manager, WorkflowEntity, companyId).find({
        where: { status: 'active', activeTriggerTypes: ArrayContains([triggerType]) },
        order: { id: 'ASC' },
      });
      known.set(key, workflows);
      // A failed read is not kept: the inbox retries the chunk in new transactions.
      workflows.catch(() => known.delete(key));
    }
    return workflows;
  }
}
