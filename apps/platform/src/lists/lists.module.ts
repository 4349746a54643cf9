import { FeatureModule } from '@suite/runtime';
import { ContactListMemberEntity } from './contact-list-member.entity';
import { ContactListEntity } from './contact-list.entity';

@FeatureModule({
  entities: [ContactListEntity, ContactListMemberEntity],
})
export class ListsModule {}
