import { FeatureModule } from '@suite/runtime';
import { CampaignCallEndedHandler } from './campaign-call-ended.handler';
import { CampaignContactEntity } from './campaign-contact.entity';
import { CampaignProgress } from './campaign-progress';
import { CampaignEntity } from './campaign.entity';
import { CampaignsController } from './campaigns.controller';
import { CampaignsService } from './campaigns.service';
import { CampaignDialRegistration } from './dialer/campaign-dial.registration';
import { CampaignDialer } from './dialer/campaign-dialer';
import { CampaignTicks } from './dialer/campaign-ticks';

/** Dialer campaigns: call every contact of a list through the voice provider, paced and inside each contact's calling hours. */
@FeatureModule({
  entities: [CampaignEntity, CampaignContactEntity],
  controllers: [CampaignsController],
  providers: [
    CampaignsService,
    CampaignProgress,
    CampaignTicks,
    CampaignDialer,
    CampaignDialRegistration,
    CampaignCallEndedHandler,
  ],
  exports: [CampaignsService],
})
export class CampaignsModule {}
