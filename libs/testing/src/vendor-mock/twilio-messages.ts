import { randomBytes } from 'node:crypto';

/** A Message resource as a Twilio mock keeps it (the fields of api.v2010.account.message the adapter reads). */
export interface TwilioMockMessage {
  sid: string;
  account_sid: string;
  to: string;
  from: string;
  body: string;
  direction: 'outbound-api';
  num_media: string;
  status: string;
  date_created: string;
}

/**
 * What a Twilio mock has "sent", for its stub in front of Prism (VendorMock): a Message resource
 * with a unique sid for each `POST …/Messages.json` form, and the list Twilio answers for a `To` and
 * `From` (newest first) — what the adapter looks a lost hand-off up in.
 */
export class TwilioMessages {
  readonly bySid = new Map<string, TwilioMockMessage>();

  constructor(private readonly accountSid: string) {}

  /** The resource a send with this form creates (kept). */
  create(form: URLSearchParams): TwilioMockMessage {
    const message: TwilioMockMessage = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      account_sid: this.accountSid,
      to: form.get('To') ?? '',
      from: form.get('From') ?? '',
      body: form.get('Body') ?? '',
      direction: 'outbound-api',
      num_media: String(form.getAll('MediaUrl').length),
      status: 'queued',
      date_created: new Date().toUTCString(),
    };
    this.bySid.set(message.sid, message);
    return message;
  }

  /** `GET …/Messages.json?To=&From=`: those messages, newest first. */
  list(query: URLSearchParams): TwilioMockMessage[] {
    const [to, from] = [query.get('To'), query.get('From')];
    return [...this.bySid.values()].filter((message) => message.to === to && message.from === from).reverse();
  }
}
