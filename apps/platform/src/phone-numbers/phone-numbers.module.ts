import { FeatureModule } from '@suite/runtime';
import { PhoneNumberEntity } from './phone-number.entity';
import { PurchaseTokenUseEntity } from './purchase-token-use.entity';

/** The company's phone numbers: search the provider's inventory, purchase with a purchase token, list, release, assign to an agent. */
@FeatureModule({
  entities: [PhoneNumberEntity, PurchaseTokenUseEntity],
})
export class PhoneNumbersModule {}
