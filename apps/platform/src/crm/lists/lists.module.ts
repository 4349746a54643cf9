import { FeatureModule } from '@suite/database';
import { ContactListMemberEntity } from './contact-list-member.entity';
import { ContactListEntity } from './contact-list.entity';
import { ListsController } from './lists.controller';
import { ListsService } from './lists.service';

/** Selection lists of contacts, the audience a webhook or a dialer campaign targets. */
@FeatureModule({
  entities: [ContactListEntity, ContactListMemberEntity],
  controllers: [ListsController],
  providers: [ListsService],
  exports: [ListsService],
})
export class ListsModule {}
