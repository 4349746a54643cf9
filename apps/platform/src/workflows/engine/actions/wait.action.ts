import { Injectable } from '@nestjs/common';
import { zonesForDigits } from '@suite/local-time';
import { waitUntil } from '../../definition/wait-time';
import type { ActionExecutor, StepContext, StepOutcome } from './action-executor';

/**
 * `wait`: a duration, or until the next weekday/time in the contact's time zone (from their
 * number's area code; New York when it says nothing). The run waits on a database timer — a job
 * due at that time — so a wait of a week survives any restart.
 */
@Injectable()
export class WaitAction implements ActionExecutor {
  readonly type = 'wait';
  readonly leavesContact = true;

  async execute({ node, contact, now }: StepContext): Promise<StepOutcome> {
    const zones = contact.phone ? (zonesForDigits(contact.phone) ?? []) : [];
    const until = waitUntil(node.config as Parameters<typeof waitUntil>[0], now, zones);
    return { kind: 'wait', until, detail: { until: until.toISOString() } };
  }
}
