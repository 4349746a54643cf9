import { FeatureModule } from '@suite/database';
import { AgentsModule } from '../agents/agents.module';
import { CampaignCallEndedHandler } from './campaign-call-ended.handler';
import { CampaignContactEntity } from './campaign-contact.entity';
import { CampaignProgress } from './campaign-progress';
import { CampaignEntity } from './campaign.entity';
import { CallAttemptsController } from './call-attempts.controller';
import { CampaignsController } from './campaigns.controller';
import { CampaignsService } from './campaigns.service';
import { CampaignDialRegistration } from './dialer/campaign-dial.registration';
import { CampaignDialer } from './dialer/campaign-dialer';
import { CallAttemptEntity } from './dialer/call-attempt.entity';
import { CallAttempts } from './dialer/call-attempts';
import { CampaignTicks } from './dialer/campaign-ticks';

/** Dialer campaigns: call every contact of a list through the voice provider, paced and inside each contact's calling hours. */
@FeatureModule({
  entities: [CampaignEntity, CampaignContactEntity, CallAttemptEntity],
  imports: [AgentsModule],
  controllers: [CampaignsController, CallAttemptsController],
  providers: [
    CampaignsService,
    CampaignProgress,
    CampaignTicks,
    CampaignDialer,
    CallAttempts,
    CampaignDialRegistration,
    CampaignCallEndedHandler,
  ],
  exports: [CampaignsService],
})
export class CampaignsModule {}
