import http from 'node:http';
import { closeServer, listenOnLoopback, loopbackUrl } from '../http/loopback-server';

/**
 * Telnyx number reputation's `reputation_data` (the `ReputationData` type of the official SDK,
 * telnyx 7.24.0 `resources/shared.d.ts`), as the fake answers it.
 */
export interface TelnyxReputationData {
  spam_risk: 'low' | 'medium' | 'high' | null;
  spam_category: string | null;
  connection_score: number | null;
  engagement_score: number | null;
  maturity_score: number | null;
  sentiment_score: number | null;
  last_refreshed_at: string | null;
}

/** What the fake answers for one number: its data (null: not collected yet), or an HTTP error. */
export type TelnyxReputationAnswer = { data: TelnyxReputationData | null } | { status: 401 | 403 | 404 | 429 | 500 };

/**
 * A local fake of Telnyx's number reputation lookup — no published description of it carries a
 * licence (libs/testing/vendor-apis/SOURCES.md), so it is written from the documented payload:
 * `GET /v2/reputation/numbers/{phone_number}` (developers.telnyx.com, "Retrieve a registered
 * number's reputation"; the SDK's `ReputationPhoneNumberWithReputation`) answering
 * `{data: {id, phone_number, enterprise_id, reputation_data, created_at, updated_at}}`, 401 without
 * the bearer key, and Telnyx's JSON:API error body `{errors: [{code, title, detail}]}` otherwise.
 * Numbers without an answer of their own get `fallback` (low risk unless changed).
 */
export class TelnyxReputationFake {
  readonly answers = new Map<string, TelnyxReputationAnswer>();
  fallback: TelnyxReputationAnswer = { data: reputationData({ spam_risk: 'low' }) };
  /** The numbers looked up, in order. */
  readonly lookups: string[] = [];

  private constructor(
    private readonly server: http.Server,
    private readonly apiKey: string,
  ) {}

  static async start(apiKey: string): Promise<TelnyxReputationFake> {
    const server = http.createServer();
    const fake = new TelnyxReputationFake(server, apiKey);
    server.on('request', (request, response) => fake.handle(request, response));
    await listenOnLoopback(server);
    return fake;
  }

  get url(): string {
    return loopbackUrl(this.server);
  }

  async stop(): Promise<void> {
    await closeServer(this.server);
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    const send = (status: number, body: unknown): void => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    const match = /^\/v2\/reputation\/numbers\/([^/?]+)$/.exec((request.url ?? '').split('?')[0]!);
    if (request.method !== 'GET' || !match) return send(404, errors(404, 'Resource not found'));
    if (request.headers.authorization !== `Bearer ${this.apiKey}`) return send(401, errors(401, 'Authentication failed'));
    const phoneNumber = decodeURIComponent(match[1]!);
    this.lookups.push(phoneNumber);
    const answer = this.answers.get(phoneNumber) ?? this.fallback;
    if ('status' in answer) return send(answer.status, errors(answer.status, TITLES[answer.status]));
    const now = new Date().toISOString();
    send(200, {
      data: {
        id: '4a6192a4-573d-446d-b3ce-aff9117272a6',
        enterprise_id: '6a09cdc3-8948-47f0-aa62-74ac943d6c58',
        phone_number: phoneNumber,
        reputation_data: answer.data,
        created_at: now,
        updated_at: now,
      },
    });
  }
}

const TITLES: Record<number, string> = {
  401: 'Authentication failed',
  403: 'Reputation is not enabled for this enterprise',
  404: 'Phone number not registered for reputation monitoring',
  429: 'Too many requests',
  500: 'Internal error',
};

const errors = (status: number, title: string | undefined) => ({
  errors: [{ code: String(status * 100), title, detail: title }],
});

/** A whole `reputation_data` from the parts a test cares about. */
export function reputationData(over: Partial<TelnyxReputationData>): TelnyxReputationData {
  return {
    spam_risk: 'low',
    spam_category: null,
    connection_score: 92,
    engagement_score: 81,
    maturity_score: 77,
    sentiment_score: 88,
    last_refreshed_at: new Date().toISOString(),
    ...over,
  };
}
