import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { payloadOf, Topics, type EventEnvelope } from '@suite/contracts';
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
        const data = payloadOf('company.created', event.data);
        await repository.upsert(
          { id: data.id, name: data.name, parentCompanyId: data.parent_company_id ?? null },
          { conflictPaths: ['id'] },
        );
        return;
      }
      case 'company.renamed': {
        const data = payloadOf('company.renamed', event.data);
        await repository.update({ id: data.id }, { name: data.name });
        return;
      }
      default:
        // A newer producer may add event types; consumers ignore what they do not know.
        return;
    }
  }
}
