import { FeatureModule } from '@suite/database';
import { CompaniesModule } from '../../directory';
import { CallHistoryAgents } from './call-history-agents.service';
import { CallHistoryExport } from './call-history-export.service';
import { CallHistoryController } from './call-history.controller';

/**
 * The AI call-history export (issue 18): reads the calls, agents and contacts tables of their
 * own features, owns none.
 */
@FeatureModule({
  imports: [CompaniesModule],
  controllers: [CallHistoryController],
  providers: [CallHistoryExport, CallHistoryAgents],
})
export class CallHistoryModule {}
