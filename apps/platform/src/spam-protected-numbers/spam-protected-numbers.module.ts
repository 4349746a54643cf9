import { FeatureModule } from '@suite/runtime';
import { SpamProtectedNumberEntity } from './spam-protected-number.entity';

/** Spam-protected numbers and their carrier reputation checks; the AI spam-numbers dashboard. */
@FeatureModule({
  entities: [SpamProtectedNumberEntity],
})
export class SpamProtectedNumbersModule {}
