import type { TestTokenIssuer } from '@suite/testing';
import { announceUsers } from '../announce-users';
import type { EventWriter } from './event-writer';

export interface Endpoint {
  companyId: string;
  /** The receiver path its webhook posts to: /hook/<index>. */
  path: string;
  webhookId: string;
}

/**
 * `count` companies, each with a user allowed to manage webhooks, announced the production way
 * (announceUsers: `company.created` + `user.created` through the app's outbox, Kafka and its replica handlers);
 * then one webhook per company subscribed to `sms.sent`, created through POST /api/webhooks with the
 * user's bearer token, posting to `${receiverUrl}/hook/<index>`.
 */
export async function createEndpoints(options: {
  count: number;
  appUrl: string;
  receiverUrl: string;
  schema: string;
  writer: EventWriter;
  tokens: TestTokenIssuer;
  timeoutMs: number;
}): Promise<Endpoint[]> {
  const users = await announceUsers({
    count: options.count,
    schema: options.schema,
    writer: options.writer,
    permissions: ['manage-webhooks'],
    timeoutMs: options.timeoutMs,
  });
  const endpoints: Endpoint[] = [];
  for (const [index, { companyId, userId }] of users.entries()) {
    const path = `/hook/${index}`;
    const token = await options.tokens.accessToken({ userId, companyId });
    const response = await fetch(`${options.appUrl}/api/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ title: `bench ${path}`, url: `${options.receiverUrl}${path}`, events: ['sms.sent'] }),
    });
    if (response.status !== 201) {
      throw new Error(`POST /api/webhooks answered ${response.status}: ${await response.text()}`);
    }
    const { data } = (await response.json()) as { data: { id: string } };
    endpoints.push({ companyId, path, webhookId: data.id });
  }
  return endpoints;
}
