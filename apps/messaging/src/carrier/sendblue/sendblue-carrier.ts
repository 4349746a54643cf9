import { CarrierRejectedError, CarrierUnavailableError } from '../carrier-errors';
import type { SendblueSettings } from '../carrier-settings';
import type {
  CallbackRequest,
  Carrier,
  CarrierCallback,
  CarrierMessageStatus,
  CarrierRoute,
  CarrierSendRequest,
  CarrierSendResult,
  PhoneCapability,
  SenderProvider,
} from '../carrier.port';
import { providerDate, providerRequest, providerUnavailable, type ProviderAnswer } from '../http/provider-http';
import {
  readSendblueCallback,
  sendblueFailureReason,
  SENDBLUE_MESSAGE_ID_PARAM,
  SENDBLUE_TOKEN_PARAM,
  type SendblueWebhook,
} from './sendblue-callbacks';

export const SENDBLUE = 'sendblue';
const ROUTE: CarrierRoute = { provider: SENDBLUE, senderProvider: 'sendblue' };
const FIND_SKEW_MS = 5 * 60_000;

/** The spec's effect names as Sendblue's send_style (only invisible ink is spelt differently). */
const SEND_STYLES: Readonly<Record<string, string>> = {
  slam: 'slam',
  loud: 'loud',
  gentle: 'gentle',
  invisible_ink: 'invisible',
  echo: 'echo',
  spotlight: 'spotlight',
  balloons: 'balloons',
  confetti: 'confetti',
  love: 'love',
  lasers: 'lasers',
  fireworks: 'fireworks',
  celebration: 'celebration',
  shooting_star: 'shooting_star',
};

export interface SendblueCarrierOptions {
  readonly settings: SendblueSettings;
  readonly publicUrl: string;
  readonly timeoutMs: number;
  readonly clock?: () => Date;
}

/**
 * Sendblue for iMessage (and its own SMS when used alone), with plain `fetch` and the SDK's
 * header names (sb-api-key-id, sb-api-secret-key); one request per call, no retries (no
 * idempotency key: decision 0038). Capability through `GET /api/evaluate-service`, sends through
 * `POST /api/send-message` — one attachment per message (Sendblue's media_url): a message with
 * more is refused for good rather than split (docs/carriers.md) — status through `GET /api/status`.
 * Its limits (1 message a second and 1,000 new conversations a day per line) are pacing facts
 * (provider-pacing.ts); a 429 (its queue is full) waits like any unavailable carrier.
 */
export class SendblueCarrier implements Carrier {
  readonly name = SENDBLUE;
  readonly callbackProviders = [SENDBLUE];
  readonly senderProviders: readonly SenderProvider[] = ['sendblue'];
  readonly defaultSenderProvider: SenderProvider = 'sendblue';
  private readonly clock: () => Date;

  constructor(private readonly options: SendblueCarrierOptions) {
    this.clock = options.clock ?? (() => new Date());
  }

  route(): CarrierRoute {
    return ROUTE;
  }

  /**
   * `iMessage` → iMessage (with SMS and MMS); `SMS` → SMS and MMS. An inconclusive answer, 429, 5xx
   * or a plan without the endpoint → unavailable.
   */
  async lookupCapability(phone: string): Promise<PhoneCapability> {
    const answer = await this.request('GET', `/api/evaluate-service?${new URLSearchParams({ number: phone })}`);
    if (answer.status !== 200) throw providerUnavailable(SENDBLUE, 'evaluate-service', answer);
    const service = (answer.json() as { service?: string } | undefined)?.service;
    if (service === 'iMessage') return { imessage: true, sms: true, mms: true };
    if (service === 'SMS') return { imessage: false, sms: true, mms: true };
    throw new CarrierUnavailableError(`sendblue evaluate-service: inconclusive answer (${String(service)})`);
  }

  async send(request: CarrierSendRequest): Promise<CarrierSendResult> {
    if (request.attachments.length > 1 && request.channel !== 'sms') {
      throw new CarrierRejectedError(
        'too_many_attachments',
        `sendblue carries one attachment per message, not ${request.attachments.length}`,
      );
    }
    const style = request.channel === 'imessage' && request.effect ? SEND_STYLES[request.effect] : undefined;
    const body = {
      from_number: request.from,
      number: request.to,
      content: request.body,
      ...(request.channel !== 'sms' && request.attachments[0] ? { media_url: request.attachments[0] } : {}),
      ...(style ? { send_style: style } : {}),
      status_callback: this.statusCallbackUrl(request.messageId),
    };
    const answer = await this.request('POST', '/api/send-message', JSON.stringify(body));
    if (answer.status === 429 || answer.status >= 500 || answer.status === 401 || answer.status === 403)
      throw providerUnavailable(SENDBLUE, 'send-message', answer);
    const message = answer.json() as (SendblueWebhook & { date_created?: string }) | undefined;
    if (answer.status >= 400 || String(message?.status).toUpperCase() === 'ERROR') {
      throw new CarrierRejectedError(
        message?.error_code !== undefined && message?.error_code !== null
          ? `sendblue_${message.error_code}`
          : `sendblue_${answer.status}`,
        sendblueFailureReason({ ...message, status: message?.status ?? `HTTP ${answer.status}` }),
      );
    }
    if (!message?.message_handle)
      throw new CarrierUnavailableError(`sendblue ${answer.status}: an answer without a message_handle`);
    return { carrierMessageId: message.message_handle, acceptedAt: providerDate(message.date_created) ?? this.clock() };
  }

  /**
   * `GET /api/v2/messages` from the line to the person since the request left: the oldest with our
   * text (and our attachment) that no other message of ours holds (`taken`) is the lost hand-off.
   */
  async findHandOff(request: CarrierSendRequest, _route: CarrierRoute, since: Date, taken: ReadonlySet<string> = new Set()) {
    const query = new URLSearchParams({
      number: request.to,
      sendblue_number: request.from,
      is_outbound: 'true',
      created_at_gte: new Date(since.getTime() - FIND_SKEW_MS).toISOString(),
      order_by: 'createdAt',
      order_direction: 'desc',
      limit: '50',
    });
    const answer = await this.request('GET', `/api/v2/messages?${query}`);
    if (answer.status !== 200) throw providerUnavailable(SENDBLUE, 'message list', answer);
    const media = request.channel !== 'sms' ? (request.attachments[0] ?? null) : null;
    const found = ((answer.json() as { data?: Array<SendblueWebhook & { date_sent?: string }> } | undefined)?.data ?? [])
      .filter(
        (message) =>
          message.message_handle &&
          !taken.has(message.message_handle) &&
          message.content === request.body &&
          (message.media_url || null) === media,
      )
      .at(-1);
    return found ? { carrierMessageId: found.message_handle!, acceptedAt: providerDate(found.date_sent) ?? since } : null;
  }

  /** `GET /api/status?handle=`: DELIVERED → delivered, ERROR → failed with its code, QUEUED/SENT → pending. */
  async lookupStatus(carrierMessageId: string): Promise<CarrierMessageStatus> {
    const answer = await this.request('GET', `/api/status?${new URLSearchParams({ handle: carrierMessageId })}`);
    if (answer.status === 404) return { kind: 'unknown', reason: `sendblue has no message ${carrierMessageId}` };
    if (answer.status !== 200) throw providerUnavailable(SENDBLUE, 'status', answer);
    return sendblueMessageStatus(answer.json() as SendblueWebhook, this.clock());
  }

  readCallback(request: CallbackRequest): CarrierCallback[] {
    return readSendblueCallback(this.options.settings, request);
  }

  /** `${MESSAGING_PUBLIC_URL}/v1/carrier/callbacks/sendblue?token=<SENDBLUE_CALLBACK_TOKEN>&message_id=<our id>`. */
  statusCallbackUrl(messageId: string): string {
    const query = new URLSearchParams({
      [SENDBLUE_TOKEN_PARAM]: this.options.settings.callbackToken,
      [SENDBLUE_MESSAGE_ID_PARAM]: messageId,
    });
    return `${this.options.publicUrl}/v1/carrier/callbacks/${SENDBLUE}?${query}`;
  }

  private request(method: 'GET' | 'POST', path: string, body?: string): Promise<ProviderAnswer> {
    const { apiUrl, apiKeyId, apiSecret } = this.options.settings;
    return providerRequest(
      SENDBLUE,
      {
        method,
        url: `${apiUrl}${path}`,
        headers: {
          'sb-api-key-id': apiKeyId,
          'sb-api-secret-key': apiSecret,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body,
        writes: method === 'POST',
      },
      this.options.timeoutMs,
    );
  }
}

export function sendblueMessageStatus(message: SendblueWebhook, now: Date): CarrierMessageStatus {
  const status = String(message.status ?? 'unknown').toUpperCase();
  const at = providerDate(message.date_updated) ?? now;
  if (status === 'DELIVERED' || status === 'READ') return { kind: 'delivered', providerStatus: status, at };
  if (status === 'ERROR' || status === 'DECLINED')
    return { kind: 'failed', providerStatus: status, reason: sendblueFailureReason(message), at };
  return { kind: 'pending', providerStatus: status };
}
