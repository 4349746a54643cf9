import { FeatureModule } from '@suite/runtime';
import { WebhookTargetPolicy } from './webhook-target.policy';
import { WebhookEntity } from './webhook.entity';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

@FeatureModule({
  entities: [WebhookEntity],
  controllers: [WebhooksController],
  providers: [WebhooksService, WebhookTargetPolicy],
  exports: [WebhooksService, WebhookTargetPolicy],
})
export class WebhooksModule {}
