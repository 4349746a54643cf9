import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { eventually } from '@suite/testing';
import { MessageEntity } from '../messages/message.entity';
import { INTERNAL_TOKEN } from './test-workspaces';

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
