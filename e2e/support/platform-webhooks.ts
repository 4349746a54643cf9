import { createHmac } from 'node:crypto';
import type { Permission } from '@suite/contracts';
import { PlatformTestApp, type TestUser } from '@suite/platform-app/testing';
import { eventually, uniqueTopicPrefix } from '@suite/testing';
import { TestReceiver, WebhookDispatchTestApp, type ReceivedRequest } from '@suite/webhook-dispatch-app/testing';

/** The platform and webhook-dispatch on one topic prefix, a receiver, and a webhook of one company. */
export interface PlatformWebhooks {
  platform: PlatformTestApp;
  dispatch: WebhookDispatchTestApp;
  receiver: TestReceiver;
  admin: TestUser;
  webhook: { id: string; secret: string };
  /** The Kafka topic prefix both apps use (another app started on it joins them). */
  topicPrefix: string;
  stop(): Promise<void>;
}

/**
 * Starts the platform and webhook-dispatch on one Kafka topic prefix (each on its own PostgreSQL
 * database), makes a company and a user holding `permissions` plus manage-webhooks, waits until
 * webhook-dispatch has learnt both from the platform's own `company.created` / `user.created`
 * (through Kafka into its replicas), and creates a webhook of `kinds` aimed at the receiver's `path`.
 * The platform's token issuer signs for both apps: one user, one token, as auth would issue it.
 */
export async function startPlatformWebhooks(options: {
  name: string;
  companyName: string;
  permissions: readonly Permission[];
  kinds: readonly string[];
  path: string;
}): Promise<PlatformWebhooks> {
  const receiver = await TestReceiver.start();
  const topicPrefix = uniqueTopicPrefix(options.name.replace(/_/g, '-'));
  const platform = await PlatformTestApp.start(options.name, { topicPrefix });
  const dispatch = await WebhookDispatchTestApp.start(options.name, {
    KAFKA_TOPIC_PREFIX: topicPrefix,
    AUTH_ISSUER: platform.tokens.issuer,
    AUTH_JWKS_URL: platform.tokens.jwksUrl,
    WEBHOOKS_ALLOWED_PRIVATE_CIDRS: '127.0.0.0/8',
    WEBHOOKS_TIMEOUT_MS: '2000',
  });
  const company = await platform.company(options.companyName);
  const admin = await platform.actor(company, [...options.permissions, 'manage-webhooks']);
  await eventually(
    async () =>
      (
        (await dispatch.db.query(
          `SELECT (SELECT count(*)::int FROM webhooks.company_replica WHERE id = $1)
                + (SELECT count(*)::int FROM webhooks.user_replica WHERE id = $2) AS n`,
          [company, admin.id],
        )) as Array<{ n: number }>
      )[0]!.n,
    (n) => n === 2,
    { timeoutMs: 60_000, what: 'the platform’s company and user to reach webhook-dispatch’s replicas' },
  );
  const created = await dispatch
    .request('post', '/api/webhooks', await admin.token())
    .send({ title: options.companyName, url: `${receiver.base()}${options.path}`, events: options.kinds })
    .expect(201);
  return {
    platform,
    dispatch,
    receiver,
    admin,
    webhook: created.body.data as { id: string; secret: string },
    topicPrefix,
    async stop() {
      await dispatch.stop();
      await platform.stop();
      await receiver.stop();
    },
  };
}

/** Whether `x-webhook-signature` is the HMAC-SHA256 of the raw body with the webhook's secret. */
export function isSignedWith(secret: string, hit: ReceivedRequest): boolean {
  return hit.headers['x-webhook-signature'] === `sha256=${createHmac('sha256', secret).update(hit.body).digest('hex')}`;
}
