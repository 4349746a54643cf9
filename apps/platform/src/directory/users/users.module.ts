import { FeatureModule } from '@suite/database';
import { LoginAsService } from './login-as.service';
import { UserExtPhoneEntity } from './user-ext-phone.entity';
import { UserEntity } from './user.entity';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@FeatureModule({
  entities: [UserEntity, UserExtPhoneEntity],
  controllers: [UsersController],
  providers: [UsersService, LoginAsService],
  exports: [UsersService],
})
export class UsersModule {}
