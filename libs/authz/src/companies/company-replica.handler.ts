import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DomainEvent } from '@suite/contracts';
import { OnEvent } from '@suite/eventing';
import { CompanyReplicaEntity } from './company-replica.entity';

/** Keeps CompanyReplicaEntity in step with the platform's company events. */
@Injectable()
export class CompanyReplicaHandler {
  @OnEvent('company.created')
  async created({ data }: DomainEvent<'company.created'>, manager: EntityManager): Promise<void> {
    await manager
      .getRepository(CompanyReplicaEntity)
      .upsert({ id: data.id, name: data.name, parentCompanyId: data.parent_company_id ?? null }, { conflictPaths: ['id'] });
  }

  @OnEvent('company.renamed')
  async renamed({ data }: DomainEvent<'company.renamed'>, manager: EntityManager): Promise<void> {
    await manager.getRepository(CompanyReplicaEntity).update({ id: data.id }, { name: data.name });
  }
}
