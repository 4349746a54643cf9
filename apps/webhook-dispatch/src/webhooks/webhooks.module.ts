import { FeatureModule } from '@suite/database';
import { CrmListsModule } from '../crm-lists/crm-lists.module';
import { WebhookFiltersPolicy } from './webhook-filters.policy';
import { WebhookTargetPolicy } from './webhook-target.policy';
import { WebhookEntity } from './webhook.entity';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

@FeatureModule({
  entities: [WebhookEntity],
  imports: [CrmListsModule],
  controllers: [WebhooksController],
  providers: [WebhooksService, WebhookTargetPolicy, WebhookFiltersPolicy],
  exports: [WebhooksService, WebhookTargetPolicy],
})
export class WebhooksModule {}
