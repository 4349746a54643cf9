import { FeatureModule } from '@suite/runtime';
import { AgentEntity } from './agent.entity';
import { AgentsController } from './agents.controller';
import { AgentsService } from './agents.service';
import { ChatbotController } from './chatbot.controller';
import { ChatbotService } from './chatbot.service';
import { AgentPerformanceHandler } from './performance/agent-performance.handler';
import { ReleasedNumberHandler } from './released-number.handler';

/** AI voice agents: CRUD, online/offline status, performance thresholds, the chatbot picker and assignment under /api/phone-numbers. */
@FeatureModule({
  entities: [AgentEntity],
  controllers: [AgentsController, ChatbotController],
  providers: [AgentsService, ChatbotService, AgentPerformanceHandler, ReleasedNumberHandler],
  exports: [AgentsService],
})
export class AgentsModule {}
