import { FeatureModule } from '@suite/database';
import { ListsModule } from '../lists/lists.module';
import { PipelinesModule } from '../pipelines/pipelines.module';
import { ContactEntity } from '../contact.entity';
import { ContactsController } from './contacts.controller';
import { ContactsService } from './contacts.service';

/** The CRM's contacts (leads). Placing and moving them in pipelines is the pipelines feature's (PipelinePlacements). */
@FeatureModule({
  entities: [ContactEntity],
  imports: [PipelinesModule, ListsModule],
  controllers: [ContactsController],
  providers: [ContactsService],
  exports: [ContactsService],
})
export class ContactsModule {}
