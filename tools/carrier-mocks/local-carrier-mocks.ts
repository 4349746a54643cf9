import { randomBytes } from 'node:crypto';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks';
import {
  SendblueFake,
  TwilioMessages,
  VendorMock,
  type PrismAnswer,
  type RecordedRequest,
  type SendblueFakeMessage,
  type TwilioMockMessage,
} from '@suite/testing';

/**
 * Twilio and Sendblue on this machine, for trying `MESSAGING_CARRIER=sendblue+twilio` (or `twilio`,
 * `sendblue`) without accounts (docs/carriers.md, "Trying it against local mocks"):
 * - Twilio's API and Lookup v2 as Prism mocks of their published descriptions (libs/testing/vendor-apis):
 *   a request Twilio would refuse is refused. A send gets a unique sid and, `deliveryDelayMs` later,
 *   Twilio's status callbacks (`sent`, then `delivered`) posted to its StatusCallback URL, signed with
 *   X-Twilio-Signature exactly as Twilio signs them (the twilio library's own helper).
 * - Sendblue as SendblueFake (its SDK's types): a send gets a message_handle and, as late, its
 *   webhooks (`SENT`, then `DELIVERED`) posted to its status_callback URL (which carries the
 *   installation's token) with the sb-signing-secret header.
 * Who takes what: Sendblue's evaluate-service says iMessage when the number's last digit is 0–5 and
 * SMS otherwise, Twilio Lookup says landline when it is 9 and mobile otherwise — the sandbox's
 * convention (docs/carriers.md), so the same test numbers behave alike.
 */
export interface CarrierMocksOptions {
  /** MESSAGING_PUBLIC_URL: where the mocks post their callbacks (messaging on this machine). */
  readonly publicUrl: string;
  /** From a send's acceptance to its `delivered` callback. */
  readonly deliveryDelayMs: number;
  readonly log?: (line: string) => void;
}

/** The variables messaging needs to use the mocks. */
export type CarrierMocksEnvironment = Record<string, string>;

/** Answered to a callback a provider retries (a 5xx, no answer): how often and how far apart. */
const CALLBACK_ATTEMPTS = 5;
const CALLBACK_RETRY_MS = 1_000;

export class LocalCarrierMocks {
  private readonly timers = new Set<NodeJS.Timeout>();
  /** What "Twilio" created: its list answers the lookup of a lost hand-off from these. */
  private readonly twilioMessages: TwilioMessages;

  private constructor(
    private readonly options: CarrierMocksOptions,
    private readonly secrets: { accountSid: string; authToken: string; keyId: string; apiSecret: string; signingSecret: string },
    private readonly callbackToken: string,
    private twilio?: VendorMock,
    private lookups?: VendorMock,
    private sendblue?: SendblueFake,
  ) {
    this.twilioMessages = new TwilioMessages(secrets.accountSid);
  }

  static async start(options: CarrierMocksOptions): Promise<LocalCarrierMocks> {
    const secrets = {
      accountSid: `AC${randomBytes(16).toString('hex')}`,
      authToken: randomBytes(16).toString('hex'),
      keyId: `mock-key-${randomBytes(4).toString('hex')}`,
      apiSecret: randomBytes(16).toString('hex'),
      signingSecret: randomBytes(16).toString('hex'),
    };
    const mocks = new LocalCarrierMocks(options, secrets, randomBytes(32).toString('base64url'));
    try {
      mocks.twilio = await VendorMock.start('twilio_api_v2010', { stub: (request, prism) => mocks.twilioAnswer(request, prism) });
      mocks.lookups = await VendorMock.start('twilio_lookups_v2', { stub: (request, prism) => lookupAnswer(request, prism) });
      mocks.sendblue = await SendblueFake.start({
        apiKeyId: secrets.keyId,
        apiSecret: secrets.apiSecret,
        signingSecret: secrets.signingSecret,
        service: (number) => (Number(number.at(-1)) <= 5 ? 'iMessage' : 'SMS'),
      });
      mocks.sendblue.stub = (request) => mocks.afterSendblueSend(request);
    } catch (error) {
      await mocks.stop();
      throw error;
    }
    return mocks;
  }

  /** The variables to give messaging (secrets included: they are the mocks' own, made up now). */
  environment(): CarrierMocksEnvironment {
    return {
      MESSAGING_CARRIER: 'sendblue+twilio',
      MESSAGING_PUBLIC_URL: this.options.publicUrl,
      TWILIO_ACCOUNT_SID: this.secrets.accountSid,
      TWILIO_AUTH_TOKEN: this.secrets.authToken,
      TWILIO_API_URL: this.twilio!.url,
      TWILIO_LOOKUP_URL: this.lookups!.url,
      SENDBLUE_API_KEY_ID: this.secrets.keyId,
      SENDBLUE_API_SECRET: this.secrets.apiSecret,
      SENDBLUE_SIGNING_SECRET: this.secrets.signingSecret,
      SENDBLUE_API_URL: this.sendblue!.url,
      SENDBLUE_CALLBACK_TOKEN: this.callbackToken,
    };
  }

  /** The requests the mocks refused as the providers would (a request the description or the SDK does not allow). */
  refused(): string[] {
    const twilio = [...(this.twilio?.requests ?? []), ...(this.lookups?.requests ?? [])];
    return [
      ...twilio
        .filter((request) => request.refusedByDescription)
        .map((request) => `twilio ${request.method} ${request.pathname}`),
      ...(this.sendblue?.requests ?? [])
        .filter((request) => request.refusedByDescription)
        .map((request) => `sendblue ${request.method} ${request.pathname}`),
    ];
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([this.twilio?.stop(), this.lookups?.stop(), this.sendblue?.stop()]);
  }

  /** Twilio's answers where Prism's example would not do: a unique sid per send, the list and fetch of what was sent. */
  private twilioAnswer(request: RecordedRequest, prism: PrismAnswer) {
    const messages = `/2010-04-01/Accounts/${this.secrets.accountSid}/Messages`;
    if (request.method === 'GET' && request.pathname === `${messages}.json`)
      return { status: 200, body: { ...(prism.json() as object), messages: this.twilioMessages.list(request.query) } };
    if (request.method === 'GET' && request.pathname.startsWith(`${messages}/`)) {
      const message = this.twilioMessages.bySid.get(request.pathname.slice(messages.length + 1).replace(/\.json$/, ''));
      return message
        ? { status: 200, body: { ...(prism.json() as object), ...message } }
        : { status: 404, body: { code: 20404 } };
    }
    if (request.method !== 'POST' || request.pathname !== `${messages}.json`) return undefined;
    const form = request.form();
    const message = this.twilioMessages.create(form);
    const callback = form.get('StatusCallback');
    if (callback) {
      this.later(() => this.postTwilioStatus(callback, message, 'sent'), this.options.deliveryDelayMs / 2);
      this.later(() => this.postTwilioStatus(callback, message, 'delivered'), this.options.deliveryDelayMs);
    }
    this.options.log?.(`twilio: ${message.sid} from ${message.from} to ${message.to}`);
    return { status: 201, body: { ...(prism.json() as object), ...message } };
  }

  /** Twilio's status callback: a form signed over the exact URL it is posted to (X-Twilio-Signature). */
  private async postTwilioStatus(url: string, message: TwilioMockMessage, status: string): Promise<void> {
    message.status = status;
    const form = {
      MessageSid: message.sid,
      SmsSid: message.sid,
      AccountSid: this.secrets.accountSid,
      From: message.from,
      To: message.to,
      MessageStatus: status,
      SmsStatus: status,
      ApiVersion: '2010-04-01',
    };
    await this.post(
      url,
      `twilio ${status} ${message.sid}`,
      {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': getExpectedTwilioSignature(this.secrets.authToken, url, form),
      },
      new URLSearchParams(form).toString(),
    );
  }

  /** After Sendblue accepted a send: its webhooks to the message's status_callback (the fake's own answer stands). */
  private afterSendblueSend(request: { pathname: string; method: string; body: unknown }): undefined {
    if (request.method !== 'POST' || request.pathname !== '/api/send-message') return undefined;
    // The fake stores the message before a stub runs: the last one from this line to this number is this send's.
    const { number, from_number: from } = request.body as { number: string; from_number: string };
    const message = [...this.sendblue!.messages]
      .reverse()
      .find((candidate) => candidate.number === number && candidate.from_number === from);
    if (!message?.status_callback) return undefined;
    this.options.log?.(`sendblue: ${message.message_handle} from ${from} to ${number}`);
    this.later(() => this.postSendblueStatus(message, 'SENT'), this.options.deliveryDelayMs / 2);
    this.later(() => this.postSendblueStatus(message, 'DELIVERED'), this.options.deliveryDelayMs);
    return undefined;
  }

  private async postSendblueStatus(message: SendblueFakeMessage, status: 'SENT' | 'DELIVERED'): Promise<void> {
    const webhook = this.sendblue!.webhook(message, { status });
    await this.post(
      message.status_callback!,
      `sendblue ${status} ${message.message_handle}`,
      { ...webhook.headers, 'content-type': 'application/json' },
      webhook.body,
    );
  }

  /** Posts a callback as a provider does: again a little later when messaging answers 5xx (a receipt ahead of its hand-off) or nothing. */
  private async post(url: string, what: string, headers: Record<string, string>, body: string): Promise<void> {
    for (let attempt = 1; attempt <= CALLBACK_ATTEMPTS; attempt++) {
      const status = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(15_000) }).then(
        (response) => response.status,
        () => 0,
      );
      if (status > 0 && status < 500) {
        this.options.log?.(`${what} → ${status}`);
        return;
      }
      if (attempt < CALLBACK_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, CALLBACK_RETRY_MS));
    }
    this.options.log?.(`${what}: messaging did not take it after ${CALLBACK_ATTEMPTS} attempts (${url})`);
  }

  private later(run: () => Promise<void>, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void run();
    }, delayMs);
    this.timers.add(timer);
  }
}

/** Lookup v2 line type intelligence: landline for a number ending in 9, mobile otherwise. */
function lookupAnswer(request: RecordedRequest, prism: PrismAnswer) {
  const phone = decodeURIComponent(request.pathname.split('/').at(-1) ?? '');
  const type = phone.endsWith('9') ? 'landline' : 'mobile';
  return {
    status: 200,
    body: { ...(prism.json() as object), phone_number: phone, valid: true, line_type_intelligence: { type } },
  };
}
