import { FeatureModule } from '@suite/database';
import { SECRET_BOX_PROVIDER } from './secret-box.provider';
import { AdAccountEntity } from './ad-account.entity';
import { AdAccountsController } from './ad-accounts.controller';
import { AdAccountsService } from './ad-accounts.service';
import { AdSpendDayEntity } from './ad-spend-day.entity';
import { AdSpendReader } from './ad-spend.reader';
import { AdConnectStateEntity } from './connect/ad-connect-state.entity';
import { AdConnectController } from './connect/ad-connect.controller';
import { AdConnectService } from './connect/ad-connect.service';
import { AdGrantEntity } from './grants/ad-grant.entity';
import { AdGrantsService } from './grants/ad-grants.service';
import { AdSpendSync } from './sync/ad-spend-sync';

/**
 * Ad accounts (facebook, google) and their daily spend, synced from the ad platform (AD_PLATFORM,
 * provided by AdPlatformModule) with each company's own grant, connected through the platform's
 * OAuth consent (decision 0043); the business dashboard reads the spend through AdSpendReader.
 */
@FeatureModule({
  entities: [AdAccountEntity, AdSpendDayEntity, AdGrantEntity, AdConnectStateEntity],
  controllers: [AdAccountsController, AdConnectController],
  providers: [AdAccountsService, AdSpendSync, AdSpendReader, AdGrantsService, AdConnectService, SECRET_BOX_PROVIDER],
  exports: [AdSpendReader],
})
export class AdAccountsModule {}
