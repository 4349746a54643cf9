import { FeatureModule } from '@suite/database';
import { ContactsModule } from '../crm';
import { ContactErasureEntity } from './contact-erasure.entity';
import { ContactErasureService } from './contact-erasure.service';
import { ErasureController } from './erasure.controller';
import { ErasureReportsHandler } from './erasure-reports.handler';
import { PlatformErasure } from './platform-erasure';

/** Erasing a contact everywhere on request (issue 32 §3, decision 0050, docs/privacy.md). */
@FeatureModule({
  entities: [ContactErasureEntity],
  imports: [ContactsModule],
  controllers: [ErasureController],
  providers: [ContactErasureService, PlatformErasure, ErasureReportsHandler],
})
export class ErasureModule {}
