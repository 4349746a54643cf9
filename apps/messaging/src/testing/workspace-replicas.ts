import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { credentialDigest } from '@suite/contracts';
import { newEvent, Outbox } from '@suite/eventing';
import { eventually } from '@suite/testing';

/**
 * Makes workspaces and their API keys known to the booted app the production way: `company.created`
 * and `credential.issued` through the app's outbox and Kafka to its own replica handlers (no test
 * shortcut into the replica tables, so nothing can drift from them). Resolves once both arrived.
 */
export async function feedWorkspaceReplicas(
  app: INestApplication,
  workspaces: ReadonlyArray<{ companyId: string; apiKey: string }>,
): Promise<void> {
  const db = app.get(DataSource);
  await db.transaction((manager) =>
    app.get(Outbox).append(
      manager,
      workspaces.flatMap(({ companyId, apiKey }) => [
        newEvent('company.created', {
          companyId,
          subject: companyId,
          data: { id: companyId, name: `Workspace ${companyId}`, parent_company_id: null },
        }),
        newEvent('credential.issued', {
          companyId,
          subject: `key-${companyId}`,
          data: {
            credential_id: `key-${companyId}`,
            kind: 'api_key',
            company_id: companyId,
            user_id: null,
            name: `key-${companyId}`,
            digest: credentialDigest(apiKey),
            scopes: [],
            expires_at: null,
            created_at: new Date().toISOString(),
          },
        }),
      ]),
    ),
  );
  const ids = workspaces.map((workspace) => workspace.companyId);
  await eventually(
    async () => {
      const [row] = (await db.query(
        `SELECT (SELECT count(*)::int FROM messaging.company_replica WHERE id = ANY($1::bigint[])) AS companies,
                (SELECT count(*)::int FROM messaging.credential_replica WHERE company_id = ANY($1::bigint[])) AS keys`,
        [ids],
      )) as Array<{ companies: number; keys: number }>;
      return row!;
    },
    (seen) => seen.companies === ids.length && seen.keys === ids.length,
    { timeoutMs: 60_000, what: 'workspaces and API keys to reach the replicas through Kafka' },
  );
}
