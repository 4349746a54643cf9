import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { credentialDigest, generateOpaqueCredential } from '@suite/contracts';
import { newEvent, Outbox } from '@suite/eventing';
import { eventually } from '@suite/testing';
import { normalizePhone } from '@suite/http';

/** The internal API token every harness-booted app accepts (x-internal-token). */
export const INTERNAL_TOKEN = 'i'.repeat(40);

/** A workspace the harness makes: its company, an API key, its sender numbers and settings overrides. */
export interface TestWorkspace {
  readonly companyId: string;
  readonly apiKey: string;
  readonly numbers: readonly string[];
  /** Sent to PUT /internal/workspaces/{id}/settings when the workspace is seeded. */
  readonly settings?: Record<string, unknown>;
}

/** A workspace id far from other runs' (company ids are bigints). */
export function newCompanyId(): string {
  return String(800_000_000 + Math.floor(Math.random() * 100_000_000));
}

/**
 * Workspace settings under which a queued text is released at once whatever the time of day:
 * the window spans the day, the rate and new-contact budgets are far above what a spec sends.
 */
export const ALWAYS_OPEN_SETTINGS = {
  send_window_start: '00:00',
  send_window_end: '23:59',
  per_second_rate: 100,
  daily_new_contacts_start: 100_000,
  daily_new_contacts_max: 100_000,
  warmup_days: 0,
};

/** A workspace with a fresh company id and API key; seed it with `seedWorkspaces` (or the harness's `workspaces`). */
export function newWorkspace(numbers: readonly string[] = [], settings?: Record<string, unknown>): TestWorkspace {
  return { companyId: newCompanyId(), apiKey: generateOpaqueCredential('api_key'), numbers, ...(settings ? { settings } : {}) };
}

const usedPhones = new Set<string>();
/**
 * A fresh valid New York (212) number, never the same twice in a spec file; `lastDigit` picks the
 * sandbox's behaviour (0–5 iPhone, 6–7 Android, 8 SMS only, 9 landline), an iPhone by default.
 */
export function newPhone(lastDigit: number = Math.floor(Math.random() * 6)): string {
  for (;;) {
    const candidate = normalizePhone(`+1212${2_000_000 + Math.floor(Math.random() * 700_000) * 10 + lastDigit}`);
    if (candidate && !usedPhones.has(candidate)) {
      usedPhones.add(candidate);
      return candidate;
    }
  }
}

/**
 * Makes the workspaces known to the booted app: their companies and API keys the production way
 * (`feedWorkspaceReplicas`), then their sender numbers and settings through the internal API.
 */
export async function seedWorkspaces(app: INestApplication, workspaces: readonly TestWorkspace[]): Promise<void> {
  await feedWorkspaceReplicas(app, workspaces);
  const internal = (test: request.Test) => test.set('x-internal-token', INTERNAL_TOKEN);
  for (const workspace of workspaces) {
    for (const number of workspace.numbers) {
      await internal(request(app.getHttpServer()).post(`/internal/workspaces/${workspace.companyId}/sender-numbers`))
        .send({ number })
        .expect(201);
    }
    if (workspace.settings) {
      await internal(request(app.getHttpServer()).put(`/internal/workspaces/${workspace.companyId}/settings`))
        .send(workspace.settings)
        .expect(200);
    }
  }
}

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
        apiKeyIssued(companyId, `key-${companyId}`, apiKey),
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

/** Another API key of an already fed workspace (`credential.issued` through Kafka); resolves once the replica holds it. */
export async function feedAnotherApiKey(app: INestApplication, companyId: string, apiKey: string): Promise<void> {
  const db = app.get(DataSource);
  const credentialId = `key-${companyId}-${credentialDigest(apiKey).slice(0, 8)}`;
  await db.transaction((manager) => app.get(Outbox).append(manager, [apiKeyIssued(companyId, credentialId, apiKey)]));
  await eventually(
    async () =>
      (
        (await db.query(`SELECT count(*)::int AS n FROM messaging.credential_replica WHERE credential_id = $1`, [
          credentialId,
        ])) as Array<{
          n: number;
        }>
      )[0]!.n,
    (found) => found === 1,
    { timeoutMs: 60_000, what: 'the API key to reach the credential replica' },
  );
}

/**
 * Makes `apiKey` a revoked API key of an already fed workspace the production way
 * (`credential.issued`, then `credential.revoked`, through Kafka); resolves once the replica
 * holds it revoked.
 */
export async function feedRevokedApiKey(app: INestApplication, companyId: string, apiKey: string): Promise<void> {
  const db = app.get(DataSource);
  const credentialId = `key-revoked-${companyId}`;
  await db.transaction((manager) =>
    app.get(Outbox).append(manager, [
      apiKeyIssued(companyId, credentialId, apiKey),
      newEvent('credential.revoked', {
        companyId,
        subject: credentialId,
        data: { credential_id: credentialId, kind: 'api_key', company_id: companyId, revoked_at: new Date().toISOString() },
      }),
    ]),
  );
  await eventually(
    async () =>
      (
        (await db.query(
          `SELECT count(*)::int AS n FROM messaging.credential_replica WHERE credential_id = $1 AND revoked_at IS NOT NULL`,
          [credentialId],
        )) as Array<{ n: number }>
      )[0]!.n,
    (revoked) => revoked === 1,
    { timeoutMs: 60_000, what: 'the revoked API key to reach the credential replica' },
  );
}

function apiKeyIssued(companyId: string, credentialId: string, apiKey: string) {
  return newEvent('credential.issued', {
    companyId,
    subject: credentialId,
    data: {
      credential_id: credentialId,
      kind: 'api_key',
      company_id: companyId,
      user_id: null,
      name: credentialId,
      digest: credentialDigest(apiKey),
      scopes: [],
      expires_at: null,
      created_at: new Date().toISOString(),
    },
  });
}
