import { normalizePhone } from '@suite/messaging-app';

/** Contacts the load returns to; the warm-up creates them, so during the runs they exist. */
export const EXISTING_CONTACTS = 2000;
/** New York numbers with a valid exchange (2–9): 7,000,000 distinct new contacts. */
const NEW_RANGE = { prefix: '+1212', first: 2_000_000, size: 7_000_000 };
const EXISTING_RANGE = { prefix: '+1646', first: 2_000_000 };

const TEXTS = [
  'Hi, this is Sam from the dealership: your car is ready for pickup.',
  'Quick reminder about your appointment tomorrow at 10:30. Reply here if you need to move it.',
  'Thanks for stopping by today! Here is the quote we talked about; happy to answer any question.',
  'Your order has shipped and should arrive on Thursday.',
];

/**
 * Bodies of POST /v1/messages, valid by the API's rules: half to a returning contact, half to a
 * new one (with first_name, stored only on creation); one in ten with an attachment, one in ten
 * with an effect. The warm-up walks every returning contact once first, creating them.
 */
export class SendBodies {
  private warmed = 0;
  private sent = 0;
  private nextNew: number;

  constructor() {
    this.nextNew = Math.floor(Math.random() * NEW_RANGE.size);
    for (const phone of [existingPhone(0), existingPhone(EXISTING_CONTACTS - 1), newPhone(0), newPhone(NEW_RANGE.size - 1)]) {
      if (normalizePhone(phone) !== phone) throw new Error(`bench contact ${phone} is not a valid E.164 number`);
    }
  }

  next(): string {
    const n = this.sent++;
    let to: string;
    let firstName: string | undefined;
    if (this.warmed < EXISTING_CONTACTS) {
      to = existingPhone(this.warmed++);
      firstName = 'Returning';
    } else if (Math.random() < 0.5) {
      to = existingPhone(Math.floor(Math.random() * EXISTING_CONTACTS));
    } else {
      to = newPhone(this.nextNew++);
      firstName = 'New';
    }
    return JSON.stringify({
      to,
      message: TEXTS[n % TEXTS.length],
      ...(firstName ? { first_name: firstName } : {}),
      ...(n % 10 === 3 ? { attachments: ['https://cdn.example.com/quote.pdf'] } : {}),
      ...(n % 10 === 7 ? { effect: 'confetti' } : {}),
    });
  }
}

const existingPhone = (i: number) => `${EXISTING_RANGE.prefix}${EXISTING_RANGE.first + i * 7}`;
const newPhone = (i: number) => `${NEW_RANGE.prefix}${NEW_RANGE.first + (i % NEW_RANGE.size)}`;
