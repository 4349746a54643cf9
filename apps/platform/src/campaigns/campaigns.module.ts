import { FeatureModule } from '@suite/runtime';
import { CampaignEntity } from './campaign.entity';
import { CampaignContactEntity } from './campaign-contact.entity';

/** Dialer campaigns: call every contact of a list through the voice provider, paced and inside each contact's calling hours. */
@FeatureModule({
  entities: [CampaignEntity, CampaignContactEntity],
})
export class CampaignsModule {}
