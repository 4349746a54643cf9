import { newEvent } from '@suite/eventing';
import type { Permission } from '@suite/contracts';
import type { EventWriter } from './webhooks/event-writer';

/** A company and one user of it, each announced to an app's replicas. */
export interface AnnouncedUser {
  companyId: string;
  userId: string;
}

/**
 * `count` companies, each with one active user holding `permissions`, announced the production way:
 * `company.created` + `user.created` committed to the app's own outbox (`writer`), then through its
 * relay, Kafka and its replica handlers into `${schema}.company_replica` and `user_replica`. Resolves
 * once every one of them is there. Ids are random in a high range, so runs never collide.
 */
export async function announceUsers(options: {
  count: number;
  schema: string;
  writer: EventWriter;
  permissions: readonly Permission[];
  timeoutMs: number;
}): Promise<AnnouncedUser[]> {
  const base = 900_000_000 + Math.floor(Math.random() * 50_000_000);
  const users = Array.from({ length: options.count }, (_, index) => ({
    companyId: String(base + 2 * index),
    userId: String(base + 2 * index + 1),
  }));
  await options.writer.commit(
    users.flatMap(({ companyId, userId }) => [
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
          permissions: [...options.permissions],
          password_hash: null,
        },
      }),
    ]),
  );
  const ids = users.map(({ companyId }) => companyId);
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const [row] = (await options.writer.db.query(
      `SELECT (SELECT count(*)::int FROM ${options.schema}.company_replica WHERE id = ANY($1))
            + (SELECT count(*)::int FROM ${options.schema}.user_replica WHERE company_id = ANY($1)) AS n`,
      [ids],
    )) as Array<{ n: number }>;
    if (row!.n === 2 * options.count) return users;
    if (Date.now() > deadline) throw new Error(`the companies did not reach the app's replicas in ${options.timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
