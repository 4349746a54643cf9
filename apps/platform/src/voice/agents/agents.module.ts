import { FeatureModule } from '@suite/database';
import { AgentNumberAssignmentsModule } from './agent-number-assignments';
import { AgentEntity } from './agent.entity';
import { AgentsController } from './agents.controller';
import { AgentsService } from './agents.service';
import { ChatbotController } from './chatbot.controller';
import { ChatbotService } from './chatbot.service';
import { AgentMirrorEntity } from './mirror/agent-mirror.entity';
import { AgentMirrors } from './mirror/agent-mirrors';
import { ReleasedNumberHandler } from './released-number.handler';

/**
 * AI voice agents: CRUD, online/offline status, the chatbot picker and assignment under
 * /api/phone-numbers, and each agent's copy at the voice provider (mirror/).
 */
@FeatureModule({
  entities: [AgentEntity, AgentMirrorEntity],
  imports: [AgentNumberAssignmentsModule],
  controllers: [AgentsController, ChatbotController],
  providers: [AgentsService, ChatbotService, ReleasedNumberHandler, AgentMirrors],
  exports: [AgentsService, AgentMirrors],
})
export class AgentsModule {}
