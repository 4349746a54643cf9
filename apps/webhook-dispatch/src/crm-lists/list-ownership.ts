import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityTable } from '@suite/database';
import { CrmListsEnvironment } from './crm-lists-environment';
import { ListReplicaEntity } from './list-replica.entity';

/** How often an unknown list is looked up again while its list.created may still be on its way. */
const POLL_MS = 100;

/**
 * Whether a list id names a live list of a company, as the read model knows it. A list created a
 * moment ago may not have reached it yet (the platform's outbox, Kafka and this app's consumer are
 * between them): an id it has never heard of is looked up again for up to WEBHOOKS_LIST_WAIT_MS
 * before it counts as no list (decision 0036). An id it knows — another company's, or deleted — is
 * answered at once.
 */
@Injectable()
export class ListOwnership {
  constructor(
    private readonly dataSource: DataSource,
    private readonly env: CrmListsEnvironment,
  ) {}

  async isLiveListOf(companyId: string, listId: string, wait = true): Promise<boolean> {
    const deadline = Date.now() + (wait ? this.env.WEBHOOKS_LIST_WAIT_MS : 0);
    for (;;) {
      const [list] = (await this.dataSource.query(`SELECT company_id::text, deleted_at FROM ${this.lists} WHERE id = $1`, [
        listId,
      ])) as Array<{ company_id: string; deleted_at: Date | null }>;
      if (list) return list.company_id === companyId && list.deleted_at === null;
      if (Date.now() + POLL_MS > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  private get lists(): string {
    return entityTable(this.dataSource, ListReplicaEntity);
  }
}
