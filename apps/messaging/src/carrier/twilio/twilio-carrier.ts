import { CarrierRejectedError, CarrierUnavailableError } from '../carrier-errors';
import type { TwilioSettings } from '../carrier-settings';
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
import { readTwilioCallback, TWILIO_MESSAGE_ID_PARAM } from './twilio-callbacks';
import { twilioFailureReason, twilioSendError } from './twilio-errors';
import { capabilityOfLineType } from './twilio-line-types';

export const TWILIO = 'twilio';
const ROUTE: CarrierRoute = { provider: TWILIO, senderProvider: 'twilio' };
/** How far back a lost hand-off is searched for beyond the time its request left (clock skew, Twilio's own time). */
const FIND_SKEW_MS = 5 * 60_000;
const FIND_PAGE_SIZE = 50;

export interface TwilioCarrierOptions {
  readonly settings: TwilioSettings;
  /** MESSAGING_PUBLIC_URL: the status callback URL is built from it. */
  readonly publicUrl: string;
  readonly timeoutMs: number;
  readonly clock?: () => Date;
}

/** A Twilio message resource as far as we read it (api.v2010.account.message). */
export interface TwilioMessage {
  sid?: string;
  status?: string;
  body?: string;
  date_created?: string | null;
  date_updated?: string | null;
  error_code?: number | null;
  /** `outbound-api` for a message created through the REST API. */
  direction?: string;
  /** A string in the description ("0", "3"). */
  num_media?: string | null;
}

/**
 * Twilio Programmable Messaging for SMS and MMS, with plain `fetch` (one request per call, no
 * retries: Twilio has no idempotency key, so the scheduler decides when to try again, after
 * looking a lost hand-off up — decision 0038). Sends with `POST /2010-04-01/Accounts/{Sid}/Messages.json`
 * (HTTP Basic with the account SID and auth token), asks Lookup v2 line type intelligence what a
 * number takes (Twilio cannot tell iMessage), verifies X-Twilio-Signature on its webhooks.
 */
export class TwilioCarrier implements Carrier {
  readonly name = TWILIO;
  readonly callbackProviders = [TWILIO];
  readonly senderProviders: readonly SenderProvider[] = ['twilio'];
  readonly defaultSenderProvider: SenderProvider = 'twilio';
  private readonly clock: () => Date;
  private readonly authorization: string;

  constructor(private readonly options: TwilioCarrierOptions) {
    this.clock = options.clock ?? (() => new Date());
    const { accountSid, authToken } = options.settings;
    this.authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  }

  route(): CarrierRoute {
    return ROUTE;
  }

  /** Lookup v2 `line_type_intelligence` (twilio-line-types.ts maps the type); a number Twilio does not know reaches nothing. */
  async lookupCapability(phone: string): Promise<PhoneCapability> {
    const url = `${this.options.settings.lookupUrl}/v2/PhoneNumbers/${encodeURIComponent(phone)}?Fields=line_type_intelligence`;
    const answer = await this.request({ method: 'GET', url, writes: false });
    if (answer.status === 404) return capabilityOfLineType(null, false);
    if (answer.status !== 200) throw providerUnavailable(TWILIO, 'lookup', answer);
    const body = answer.json() as { valid?: boolean; line_type_intelligence?: { type?: string | null } | null } | undefined;
    return capabilityOfLineType(body?.line_type_intelligence?.type ?? null, body?.valid !== false);
  }

  async send(request: CarrierSendRequest): Promise<CarrierSendResult> {
    if (request.channel === 'imessage')
      throw new CarrierRejectedError('channel_unsupported', 'twilio: iMessage is not a Twilio channel');
    const form = new URLSearchParams({ To: request.to, From: request.from, Body: request.body });
    // Links are already in the body of an SMS (bodyForChannel); only MMS carries the media.
    if (request.channel === 'mms') for (const url of request.attachments) form.append('MediaUrl', url);
    form.set('StatusCallback', this.statusCallbackUrl(request.messageId));
    const answer = await this.request({ method: 'POST', url: this.messagesUrl(), body: form.toString(), writes: true });
    if (answer.status !== 201 && answer.status !== 200) throw twilioSendError(answer);
    const message = answer.json() as TwilioMessage | undefined;
    if (!message?.sid) throw new CarrierUnavailableError(`twilio ${answer.status}: an answer without a message sid`);
    return { carrierMessageId: message.sid, acceptedAt: providerDate(message.date_created) ?? this.clock() };
  }

  /**
   * Twilio keeps no client reference and its message resource shows neither the StatusCallback
   * URL nor anything else of ours, so a lost hand-off is found by what identifies it there: the
   * list of messages from `from` to `to` (newest first), one created through the API
   * (`direction` outbound-api) with our body and our number of media, created within the skew of
   * the time the request left, and not already held by another of our messages (`taken`). The
   * oldest such one is taken (a request creates at most one). What stays ambiguous (decision 0038):
   * a message with the same text, created in that window outside this suite (the console, another
   * system on the same number) — indistinguishable in what Twilio returns.
   */
  async findHandOff(request: CarrierSendRequest, _route: CarrierRoute, since: Date, taken: ReadonlySet<string> = new Set()) {
    const query = new URLSearchParams({ To: request.to, From: request.from, PageSize: String(FIND_PAGE_SIZE) });
    const answer = await this.request({ method: 'GET', url: `${this.messagesUrl()}?${query}`, writes: false });
    if (answer.status !== 200) throw providerUnavailable(TWILIO, 'message list', answer);
    const found = pickLostTwilioMessage(
      (answer.json() as { messages?: TwilioMessage[] } | undefined)?.messages ?? [],
      request,
      since,
      taken,
    );
    return found ? { carrierMessageId: found.sid!, acceptedAt: providerDate(found.date_created) ?? since } : null;
  }

  /** `GET …/Messages/{MessageSid}.json`: delivered, undelivered/failed with the error code, else pending. */
  async lookupStatus(carrierMessageId: string): Promise<CarrierMessageStatus> {
    const url = `${this.options.settings.apiUrl}/2010-04-01/Accounts/${this.options.settings.accountSid}/Messages/${encodeURIComponent(carrierMessageId)}.json`;
    const answer = await this.request({ method: 'GET', url, writes: false });
    if (answer.status === 404) return { kind: 'unknown', reason: `twilio has no message ${carrierMessageId}` };
    if (answer.status !== 200) throw providerUnavailable(TWILIO, 'message fetch', answer);
    return twilioMessageStatus(answer.json() as TwilioMessage, this.clock());
  }

  readCallback(request: CallbackRequest): CarrierCallback[] {
    return readTwilioCallback(this.options.settings.authToken, request);
  }

  /** `${MESSAGING_PUBLIC_URL}/v1/carrier/callbacks/twilio?message_id=<our id>`: ties a receipt to our message. */
  statusCallbackUrl(messageId: string): string {
    return `${this.options.publicUrl}/v1/carrier/callbacks/${TWILIO}?${TWILIO_MESSAGE_ID_PARAM}=${encodeURIComponent(messageId)}`;
  }

  private messagesUrl(): string {
    return `${this.options.settings.apiUrl}/2010-04-01/Accounts/${this.options.settings.accountSid}/Messages.json`;
  }

  private request(request: { method: 'GET' | 'POST'; url: string; body?: string; writes: boolean }): Promise<ProviderAnswer> {
    return providerRequest(
      TWILIO,
      {
        ...request,
        headers: {
          authorization: this.authorization,
          accept: 'application/json',
          ...(request.body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
        },
      },
      this.options.timeoutMs,
    );
  }
}

/**
 * Of the messages Twilio lists from `request.from` to `request.to`, the one a lost hand-off of
 * `request` created, if any: created through the API with its body and number of media, within
 * FIND_SKEW_MS of `since`, and held by no other message of ours (`taken`); the oldest such one.
 */
export function pickLostTwilioMessage(
  messages: readonly TwilioMessage[],
  request: CarrierSendRequest,
  since: Date,
  taken: ReadonlySet<string>,
): TwilioMessage | undefined {
  const media = String(request.channel === 'mms' ? request.attachments.length : 0);
  const [earliest, latest] = [since.getTime() - FIND_SKEW_MS, since.getTime() + FIND_SKEW_MS];
  // Newest first in Twilio's list: the last match is the oldest.
  return messages
    .filter((message) => {
      const created = providerDate(message.date_created)?.getTime();
      return (
        message.sid &&
        !taken.has(message.sid) &&
        message.body === request.body &&
        (message.direction === undefined || message.direction === 'outbound-api') &&
        (message.num_media === undefined || message.num_media === null || message.num_media === media) &&
        created !== undefined &&
        created >= earliest &&
        created <= latest
      );
    })
    .at(-1);
}

/** A message resource's status as the domain reads it. */
export function twilioMessageStatus(message: TwilioMessage, now: Date): CarrierMessageStatus {
  const status = message.status ?? 'unknown';
  const at = providerDate(message.date_updated) ?? now;
  if (status === 'delivered') return { kind: 'delivered', providerStatus: status, at };
  if (status === 'undelivered' || status === 'failed' || status === 'canceled')
    return { kind: 'failed', providerStatus: status, reason: twilioFailureReason(message.error_code, status), at };
  return { kind: 'pending', providerStatus: status };
}
