import { FeatureModule } from '@suite/runtime';
import { CallEntity } from './call.entity';

/** Voice calls: the provider's signed callbacks, the call records and their events, the sandbox's call simulator. */
@FeatureModule({
  entities: [CallEntity],
})
export class CallsModule {}
