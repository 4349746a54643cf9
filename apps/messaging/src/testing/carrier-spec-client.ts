import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestDatabase, eventually, uniqueTopicPrefix, type TestDatabase } from '@suite/testing';
import { MessageEntity } from '../messages/message.entity';
import { bootMessagingApp } from './messaging-test-app';
import { ALWAYS_OPEN_SETTINGS, INTERNAL_TOKEN, newWorkspace, seedWorkspaces, type TestWorkspace } from './test-workspaces';

/** A real carrier's spec app: a database and topics of its own (a restart boots again on them). */
export interface CarrierSpecApp {
  database: TestDatabase;
  topicPrefix: string;
  app: INestApplication;
}

/** Boots the app for the carrier spec `name` (`twilio`: database messaging_twilio, topics messaging-twilio…). */
export async function bootCarrierSpecApp(name: string, env: Record<string, string>): Promise<CarrierSpecApp> {
  const database = await createTestDatabase(`messaging_${name}`);
  try {
    const topicPrefix = uniqueTopicPrefix(`messaging-${name.replaceAll('_', '-')}`);
    return { database, topicPrefix, app: await bootMessagingApp(database.url, topicPrefix, { env }) };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

/**
 * What the real carriers' integration specs (Twilio, Sendblue, both) do with the running app, as
 * one workspace: send, read a message's row and its hand-offs, wait for a status, add a number of
 * a provider. `app` is read at each call: a spec restarts the app in the middle.
 */
export class CarrierSpecClient {
  constructor(
    private readonly app: () => INestApplication,
    private readonly workspace: { readonly companyId: string; readonly apiKey: string },
    private readonly text: string,
  ) {}

  /** A workspace always open for sends, seeded into the app, and the client acting as it. */
  static async seed(app: () => INestApplication, text: string): Promise<{ workspace: TestWorkspace; client: CarrierSpecClient }> {
    const workspace = newWorkspace([], ALWAYS_OPEN_SETTINGS);
    await seedWorkspaces(app(), [workspace]);
    return { workspace, client: new CarrierSpecClient(app, workspace, text) };
  }

  http() {
    return request(this.app().getHttpServer());
  }

  asWorkspace(test: request.Test): request.Test {
    return test.set('x-api-key', this.workspace.apiKey);
  }

  /** POST /v1/messages (200); `body` over `{ to, message }`. Returns the message id. */
  async send(to: string, body: Record<string, unknown> = {}): Promise<string> {
    const response = await this.asWorkspace(this.http().post('/v1/messages'))
      .send({ to, message: this.text, ...body })
      .expect(200);
    return response.body.id as string;
  }

  row(id: string): Promise<MessageEntity> {
    return this.app().get(DataSource).getRepository(MessageEntity).findOneByOrFail({ id });
  }

  /** The message's row once its status is one of `statuses`. */
  settled(id: string, statuses: readonly string[], timeoutMs = 30_000): Promise<MessageEntity> {
    return eventually(
      () => this.row(id),
      (message) => statuses.includes(message.status),
      { timeoutMs, what: `message ${id} to reach ${statuses.join('/')}` },
    );
  }

  /** `hand_offs` of GET /v1/messages/{id}. */
  async handOffs(id: string): Promise<Array<Record<string, unknown>>> {
    return (await this.asWorkspace(this.http().get(`/v1/messages/${id}`)).expect(200)).body.hand_offs;
  }

  /** A number in the workspace's pool through the internal route (201). */
  async addNumber(number: string, provider: string): Promise<void> {
    await this.http()
      .post(`/internal/workspaces/${this.workspace.companyId}/sender-numbers`)
      .set('x-internal-token', INTERNAL_TOKEN)
      .send({ number, provider })
      .expect(201);
  }
}
