import { newEvent } from '@suite/eventing';
import type { TestTokenIssuer } from '@suite/testing';
import type { EventWriter } from './event-writer';

export interface Endpoint {
  companyId: string;
  /** The receiver path its webhook posts to: /hook/<index>. */
  path: string;
  webhookId: string;
}

/**
 * `count` companies, each with a user allowed to manage webhooks, announced the production way
 * (`company.created` + `user.created` through the app's outbox, Kafka and its replica handlers);
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
  const base = 900_000_000 + Math.floor(Math.random() * 50_000_000);
  const companies = Array.from({ length: options.count }, (_, index) => ({
    index,
    companyId: String(base + 2 * index),
    userId: String(base + 2 * index + 1),
  }));
  await options.writer.commit(
    companies.flatMap(({ companyId, userId }) => [
      newEvent('company.created', {
        companyId,
        subject: companyId,
        data: { id: companyId, name: `Bench company ${companyId}`, parent_company_id: null },
      }),
      newEvent('user.created', {
        companyId,
        subject: userId,
        data: {
          id: userId,
          company_id: companyId,
          email: `bench${userId}@example.com`,
          name: 'Bench',
          status: 'Active',
          role_id: null,
          permissions: ['manage-webhooks'],
          password_hash: null,
        },
      }),
    ]),
  );
  const ids = companies.map(({ companyId }) => companyId);
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const [row] = (await options.writer.db.query(
      `SELECT (SELECT count(*)::int FROM ${options.schema}.company_replica WHERE id = ANY($1))
            + (SELECT count(*)::int FROM ${options.schema}.user_replica WHERE company_id = ANY($1)) AS n`,
      [ids],
    )) as Array<{ n: number }>;
    if (row!.n === 2 * options.count) break;
    if (Date.now() > deadline) throw new Error(`the companies did not reach the app's replicas in ${options.timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const endpoints: Endpoint[] = [];
  for (const { index, companyId, userId } of companies) {
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
