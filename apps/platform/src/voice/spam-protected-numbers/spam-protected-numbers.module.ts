import { FeatureModule } from '@suite/database';
import { AiSpamNumbersController } from './ai-spam-numbers.controller';
import { AiSpamNumbersService } from './ai-spam-numbers.service';
import { PurchasedNumbersHandler } from './purchased-numbers.handler';
import { ReputationChecks } from './reputation-checks';
import { SpamNumbersService } from './spam-numbers.service';
import { SpamProtectedNumberEntity } from './spam-protected-number.entity';
import { SpamProtectedNumbersController } from './spam-protected-numbers.controller';

/** Spam-protected numbers and their carrier reputation checks; the AI spam-numbers dashboard. */
@FeatureModule({
  entities: [SpamProtectedNumberEntity],
  controllers: [SpamProtectedNumbersController, AiSpamNumbersController],
  providers: [SpamNumbersService, AiSpamNumbersService, ReputationChecks, PurchasedNumbersHandler],
  exports: [SpamNumbersService],
})
export class SpamProtectedNumbersModule {}
