import { CallbackRejectedError, CarrierUnavailableError } from '../carrier-errors';
import type {
  CallbackRequest,
  Carrier,
  CarrierCallback,
  CarrierChannel,
  CarrierMessageStatus,
  CarrierRoute,
  CarrierSendRequest,
  CarrierSendResult,
  PhoneCapability,
} from '../carrier.port';
import { SENDBLUE, type SendblueCarrier } from '../sendblue/sendblue-carrier';
import { TWILIO, type TwilioCarrier } from '../twilio/twilio-carrier';

export const SENDBLUE_TWILIO = 'sendblue+twilio';

/**
 * `MESSAGING_CARRIER=sendblue+twilio`: iMessage through Sendblue, SMS and MMS through Twilio —
 * the spec's "a blue bubble when the recipient's phone supports it, text otherwise" with real
 * providers. Capability from Sendblue first (it is the one that can tell iMessage), from Twilio
 * Lookup when Sendblue cannot say now. Each message remembers the provider that carried it (the
 * hand-off records `route(channel).provider`), and the callbacks of both providers are read, each
 * by its own adapter. An iMessage Sendblue reports undelivered (ERROR) is resent once by SMS
 * through Twilio by the domain (sms-fallback/, decision 0038).
 */
export class SendblueTwilioCarrier implements Carrier {
  readonly name = SENDBLUE_TWILIO;
  readonly callbackProviders = [SENDBLUE, TWILIO];
  readonly senderProviders = ['sendblue', 'twilio'] as const;
  /** A pool holds both kinds: the operator names which each number is. */
  readonly defaultSenderProvider = null;

  constructor(
    private readonly sendblue: SendblueCarrier,
    private readonly twilio: TwilioCarrier,
  ) {}

  route(channel: CarrierChannel): CarrierRoute {
    return (channel === 'imessage' ? this.sendblue : this.twilio).route();
  }

  async lookupCapability(phone: string): Promise<PhoneCapability> {
    try {
      return await this.sendblue.lookupCapability(phone);
    } catch (error) {
      if (!(error instanceof CarrierUnavailableError)) throw error;
      // Sendblue cannot say now (inconclusive, throttled, a plan without evaluate-service): what Twilio says reaches it by text.
      return this.twilio.lookupCapability(phone);
    }
  }

  send(request: CarrierSendRequest): Promise<CarrierSendResult> {
    return this.adapter(this.route(request.channel).provider).send(request);
  }

  findHandOff(
    request: CarrierSendRequest,
    route: CarrierRoute,
    since: Date,
    taken?: ReadonlySet<string>,
  ): Promise<CarrierSendResult | null> {
    return this.adapter(route.provider).findHandOff(request, route, since, taken);
  }

  lookupStatus(carrierMessageId: string, provider: string): Promise<CarrierMessageStatus> {
    return this.adapter(provider).lookupStatus(carrierMessageId, provider);
  }

  readCallback(request: CallbackRequest): CarrierCallback[] {
    if (request.provider === SENDBLUE) return this.sendblue.readCallback(request);
    if (request.provider === TWILIO) return this.twilio.readCallback(request);
    throw new CallbackRejectedError('bad_signature', `no provider "${request.provider}" in ${SENDBLUE_TWILIO}`);
  }

  private adapter(provider: string): Carrier {
    if (provider === SENDBLUE) return this.sendblue;
    if (provider === TWILIO) return this.twilio;
    throw new Error(`${SENDBLUE_TWILIO} has no provider "${provider}"`);
  }
}
