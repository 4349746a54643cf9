import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  EVENT_DEFINITIONS,
  Topics,
  validatePayload,
  type CompanyCreatedData,
  type CompanyRenamedData,
  type EventEnvelope,
  type EventType,
} from '@suite/contracts';
import type { EventHandler } from '@suite/eventing';
import { CompanyReplicaEntity } from './company-replica.entity';

/** Keeps CompanyReplicaEntity in step with the platform's company events. */
@Injectable()
export class CompanyReplicaHandler implements EventHandler {
  readonly topics = [Topics.platformCompany] as const;

  async handle(event: EventEnvelope, manager: EntityManager): Promise<void> {
    const repository = manager.getRepository(CompanyReplicaEntity);
    switch (event.type) {
      case 'company.created': {
        const data = payloadOf<CompanyCreatedData>('company.created', event.data);
        await repository.upsert(
          { id: data.id, name: data.name, parentCompanyId: data.parent_company_id ?? null },
          { conflictPaths: ['id'] },
        );
        return;
      }
      case 'company.renamed': {
        const data = payloadOf<CompanyRenamedData>('company.renamed', event.data);
        await repository.update({ id: data.id }, { name: data.name });
        return;
      }
      default:
        // A newer producer may add event types; consumers ignore what they do not know.
        return;
    }
  }
}

/** Refuses payloads that break the contract, so they are dead-lettered instead of corrupting the replica. */
function payloadOf<T>(type: EventType, data: unknown): T {
  const problems = validatePayload(EVENT_DEFINITIONS[type].schema, data);
  if (problems.length > 0) throw new Error(`invalid ${type} payload: ${problems.join('; ')}`);
  return data as T;
}
