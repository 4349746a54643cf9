import { FeatureModule } from '@suite/database';
import { RoleEntity } from '../users/role.entity';
import { RolesController } from './roles.controller';
import { RolesService } from './roles.service';

@FeatureModule({
  entities: [RoleEntity],
  controllers: [RolesController],
  providers: [RolesService],
  exports: [RolesService],
})
export class RolesModule {}
