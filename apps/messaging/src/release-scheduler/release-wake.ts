import { Injectable } from '@nestjs/common';
import { WakeSignal } from '@suite/database';

/**
 * Wakes this process's release scheduler when a message was queued, so a message due now does not
 * wait for the next tick. Other replicas find it at their next tick. Provided by MessagesModule
 * (the writer) and read by the scheduler, so neither module imports the other's internals.
 */
@Injectable()
export class ReleaseWake extends WakeSignal {}
