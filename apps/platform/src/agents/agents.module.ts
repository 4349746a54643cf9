import { FeatureModule } from '@suite/runtime';
import { AgentEntity } from './agent.entity';

/** AI voice agents: CRUD, online/offline status, performance thresholds, the chatbot picker (GET /api/phone-numbers/dsi-agents). */
@FeatureModule({
  entities: [AgentEntity],
})
export class AgentsModule {}
