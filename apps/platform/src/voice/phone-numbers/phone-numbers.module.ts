import { FeatureModule } from '@suite/database';
import { NumberPurchaseService } from './number-purchase.service';
import { NumberSearchService } from './number-search.service';
import { PhoneNumberEntity } from './phone-number.entity';
import { PhoneNumbersController } from './phone-numbers.controller';
import { PhoneNumbersService } from './phone-numbers.service';
import { PhoneNumbersEnvironment } from './phone-numbers-environment';
import { PurchaseTokens } from './purchase-tokens';
import { PurchaseTokenUseEntity } from './purchase-token-use.entity';

/** The company's phone numbers: search the provider's inventory, purchase with a purchase token, list, release, assign to an agent. */
@FeatureModule({
  entities: [PhoneNumberEntity, PurchaseTokenUseEntity],
  controllers: [PhoneNumbersController],
  providers: [
    PhoneNumbersService,
    NumberSearchService,
    NumberPurchaseService,
    {
      provide: PurchaseTokens,
      inject: [PhoneNumbersEnvironment],
      useFactory: (env: PhoneNumbersEnvironment) => new PurchaseTokens(env.PLATFORM_PURCHASE_TOKEN_SECRET),
    },
  ],
  exports: [PhoneNumbersService],
})
export class PhoneNumbersModule {}
