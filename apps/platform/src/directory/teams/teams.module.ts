import { FeatureModule } from '@suite/database';
import { TeamMemberEntity } from './team-member.entity';
import { TeamMembershipsModule } from './team-memberships.module';
import { TeamEntity } from './team.entity';
import { TeamsController } from './teams.controller';
import { TeamsService } from './teams.service';

@FeatureModule({
  entities: [TeamEntity, TeamMemberEntity],
  imports: [TeamMembershipsModule],
  controllers: [TeamsController],
  providers: [TeamsService],
  exports: [TeamsService],
})
export class TeamsModule {}
