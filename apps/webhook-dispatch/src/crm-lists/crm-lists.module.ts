import { FeatureModule } from '@suite/database';
import { ContactReplicaEntity } from './contact-replica.entity';
import { CrmListsHandler } from './crm-lists.handler';
import { ListMembershipChangeEntity } from './list-membership-change.entity';
import { ListOwnership } from './list-ownership';
import { ListReplicaEntity } from './list-replica.entity';

/**
 * The platform CRM's lists, their members and the contacts' numbers, as webhook-dispatch needs them
 * to limit a webhook to a list (decision 0036): a read model fed by platform events, never a read
 * of the platform's schema. Deliveries read its tables in the fan-out (WebhookDeliveriesStore).
 */
@FeatureModule({
  entities: [ListReplicaEntity, ContactReplicaEntity, ListMembershipChangeEntity],
  providers: [CrmListsHandler, ListOwnership],
  exports: [ListOwnership],
})
export class CrmListsModule {}
