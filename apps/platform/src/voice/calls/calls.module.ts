import { FeatureModule } from '@suite/database';
import { PipelinesModule } from '../../crm';
import { VOICE_CALLBACK_SINK } from '../provider/voice-callback-sink';
import { SANDBOX_CALL_CHANNEL } from '../provider/voice.module';
import { CallCallbacksController } from './call-callbacks.controller';
import { CallCallbacks } from './call-callbacks.service';
import { AgentPerformanceHandler } from './agent-performance/agent-performance.handler';
import { CallDispositionMoves } from './call-disposition-moves';
import { CallLifecycle } from './call-lifecycle.service';
import { CallEntity } from './call.entity';
import { CallsController } from './calls.controller';
import { CallsService } from './calls.service';
import { SandboxCalls } from './sandbox/sandbox-call-channel';

/**
 * Voice calls: the provider's signed callbacks (`POST /api/voice/callbacks/{provider}` and the
 * in-process VOICE_CALLBACK_SINK), the call records and their `call.*` events, the disposition
 * moves, each agent's performance threshold judged as its calls end (here because it reads the
 * calls, and agents stay below calls), and the sandbox's call simulator (SANDBOX_CALL_CHANNEL,
 * used only when the sandbox is the provider).
 */
@FeatureModule({
  entities: [CallEntity],
  imports: [PipelinesModule],
  controllers: [CallCallbacksController, CallsController],
  providers: [
    CallsService,
    CallLifecycle,
    CallDispositionMoves,
    AgentPerformanceHandler,
    CallCallbacks,
    { provide: VOICE_CALLBACK_SINK, useExisting: CallCallbacks },
    SandboxCalls,
    { provide: SANDBOX_CALL_CHANNEL, useExisting: SandboxCalls },
  ],
  exports: [VOICE_CALLBACK_SINK, SandboxCalls, CallLifecycle],
})
export class CallsModule {}
