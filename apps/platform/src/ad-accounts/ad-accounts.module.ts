import { FeatureModule } from '@suite/runtime';
import { AdAccountEntity } from './ad-account.entity';
import { AdAccountsController } from './ad-accounts.controller';
import { AdAccountsService } from './ad-accounts.service';
import { AdSpendDayEntity } from './ad-spend-day.entity';
import { AdSpendReader } from './ad-spend.reader';
import { AdSpendSync } from './sync/ad-spend-sync';

/**
 * Ad accounts (facebook, google) and their daily spend, synced from the ad platform (AD_PLATFORM,
 * provided by AdPlatformModule); the business dashboard reads the spend through AdSpendReader.
 */
@FeatureModule({
  entities: [AdAccountEntity, AdSpendDayEntity],
  controllers: [AdAccountsController],
  providers: [AdAccountsService, AdSpendSync, AdSpendReader],
  exports: [AdSpendReader],
})
export class AdAccountsModule {}
