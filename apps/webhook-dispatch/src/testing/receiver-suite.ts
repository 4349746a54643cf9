import { TestReceiver } from './test-receiver';
import { WebhookDispatchTestApp, type TestActor } from './webhook-dispatch-test-app';

/** What a delivery spec runs against: a receiver on loopback, the app allowed to post to it, an admin who manages webhooks. */
export interface ReceiverSuite {
  receiver: TestReceiver;
  suite: WebhookDispatchTestApp;
  admin: TestActor;
}

/**
 * Starts the three, the app with the spec's own `env` (retry delays, timeouts) beside the loopback
 * allowance every delivery spec needs. What started is stopped again when a later step fails.
 */
export async function startReceiverSuite(name: string, env: Record<string, string>): Promise<ReceiverSuite> {
  const receiver = await TestReceiver.start();
  let suite: WebhookDispatchTestApp | undefined;
  try {
    suite = await WebhookDispatchTestApp.start(name, { WEBHOOKS_ALLOWED_PRIVATE_CIDRS: '127.0.0.0/8', ...env });
    const [admin] = await suite.company([['manage-webhooks']]);
    return { receiver, suite, admin: admin! };
  } catch (error) {
    await suite?.stop();
    await receiver.stop();
    throw error;
  }
}
