import type { CallDirection, CallSentiment, HangupReason } from '@suite/contracts';

/**
 * The demo company's last month, as plain rows (no I/O here, so it is unit-tested): leads,
 * appointments, AI agents' and dialer calls, outbound texts. Deterministic for a given `now`, time
 * zone and company: a seeded PRNG (mulberry32) draws every value, so two runs plan the same month.
 * Times fall in local business hours (8:00–20:00 in the company's time zone) of the 30 local days
 * ending today, never after `now`.
 */
export interface DemoPlan {
  contacts: DemoContact[];
  /** Index into `contacts`. */
  appointments: Array<{ contact: number; title: string; createdAt: Date; startsAt: Date; endsAt: Date }>;
  agents: Array<{ name: string; voice: string; prompt: string }>;
  calls: DemoCall[];
  texts: DemoText[];
}

export interface DemoContact {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  source: string;
  createdAt: Date;
}

export interface DemoCall {
  /** Index into `agents`; null for a dialer call placed by a person. */
  agent: number | null;
  contact: number;
  direction: CallDirection;
  startedAt: Date;
  answeredAt: Date | null;
  endedAt: Date;
  durationSeconds: number;
  status: 'completed' | 'no_answer' | 'failed';
  transcription: string | null;
  sentiment: CallSentiment | null;
  callSuccessful: boolean | null;
  hangupReason: HangupReason;
}

export interface DemoText {
  contact: number;
  body: string;
  status: 'sent' | 'delivered' | 'failed';
  createdAt: Date;
  sentAt: Date | null;
  deliveredAt: Date | null;
  failureReason: string | null;
}

export const DEMO_SIZES = { contacts: 300, dialerCalls: 600, aiCalls: 150, texts: 900, days: 30 } as const;

const FIRST_NAMES = ['Ava', 'Liam', 'Mia', 'Noah', 'Emma', 'Lucas', 'Sofia', 'Ethan', 'Zoe', 'Mateo', 'Chloe', 'Owen'];
const LAST_NAMES = ['Garcia', 'Smith', 'Nguyen', 'Johnson', 'Patel', 'Brown', 'Kim', 'Lopez', 'Davis', 'Wilson'];
const SOURCES: ReadonlyArray<[string, number]> = [
  ['facebook', 40],
  ['google', 30],
  ['organic', 20],
  ['referral', 10],
];
const TEXT_BODIES = [
  'Hi {name}, thanks for your interest! When is a good time for a quick call?',
  'Hi {name}, just a reminder of your appointment tomorrow. Reply C to confirm.',
  'Hi {name}, we have a few openings this week. Want me to book one for you?',
  'Thanks {name}! Here is the link to our pricing: https://example.com/pricing',
];
const TEXT_FAILURES = ['30003 unreachable handset', '30005 unknown destination', '30006 landline or unreachable carrier'];
const AI_TRANSCRIPTS: ReadonlyArray<{ text: string; sentiment: CallSentiment; successful: boolean }> = [
  {
    text: 'Agent: Thanks for calling, how can I help? Caller: I saw your ad and want a quote. Agent: Happy to help, I booked you for Thursday at 10.',
    sentiment: 'Positive',
    successful: true,
  },
  {
    text: 'Agent: Hello, this is the virtual assistant. Caller: What are your opening hours? Agent: We are open 8 to 6 on weekdays. Caller: Great, thanks.',
    sentiment: 'Neutral',
    successful: true,
  },
  {
    text: 'Agent: Hi, how can I help? Caller: I was charged twice and nobody called me back. Agent: I am sorry, I will pass this to the team right away.',
    sentiment: 'Negative',
    successful: false,
  },
  {
    text: 'Agent: Good afternoon, how can I help you today? Caller: Can I move my appointment to next week? Agent: Done, you are booked for Monday at 2 pm.',
    sentiment: 'Positive',
    successful: true,
  },
  {
    text: 'Agent: Hello? Caller: Sorry, wrong number. Agent: No problem, have a nice day.',
    sentiment: 'Unknown',
    successful: false,
  },
];

/** mulberry32: a tiny, good-enough PRNG with a 32-bit state, so the plan depends only on its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Minutes the time zone is ahead of UTC at `instant` (e.g. -300 in New York in winter). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const field = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  const asUtc = Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'), field('second'));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant of local wall time `minuteOfDay` on the local day `daysAgo` days before now's local day. */
function localInstant(now: Date, timeZone: string, daysAgo: number, minuteOfDay: number): Date {
  const offset = zoneOffsetMinutes(now, timeZone);
  const localNow = new Date(now.getTime() + offset * 60_000);
  const wall = Date.UTC(localNow.getUTCFullYear(), localNow.getUTCMonth(), localNow.getUTCDate() - daysAgo, 0, minuteOfDay);
  // The offset of that day itself (a DST change within the month moves it by an hour).
  const guess = new Date(wall - offset * 60_000);
  return new Date(wall - zoneOffsetMinutes(guess, timeZone) * 60_000);
}

export function planDemoData(input: { now: Date; timeZone: string; companyId: string }): DemoPlan {
  const random = seededRandom(0x5eed ^ Number(BigInt(input.companyId) % 0x7fffffffn));
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  const weighted = (values: ReadonlyArray<[string, number]>): string => {
    let roll = random() * values.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [value, weight] of values) if ((roll -= weight) < 0) return value;
    return values[values.length - 1]![0];
  };
  const nowMs = input.now.getTime();
  /** A business-hours instant of the last DEMO_SIZES.days local days, not after now (today's future hours fold back a day). */
  const businessInstant = (): Date => {
    const daysAgo = int(0, DEMO_SIZES.days - 1);
    const at = localInstant(input.now, input.timeZone, daysAgo, int(8 * 60, 20 * 60 - 1));
    return at.getTime() <= nowMs ? at : new Date(at.getTime() - 86_400_000);
  };
  /** Some time after `instant`; when that would be after now, a time between the two instead (no pile-up at now). */
  const after = (instant: Date, minMs: number, maxMs: number): Date => {
    const at = instant.getTime() + minMs + Math.floor(random() * (maxMs - minMs));
    return new Date(at <= nowMs ? at : instant.getTime() + Math.floor(random() * Math.max(0, nowMs - instant.getTime())));
  };

  const contacts: DemoContact[] = Array.from({ length: DEMO_SIZES.contacts }, (_, index) => {
    const firstName = pick(FIRST_NAMES);
    const lastName = pick(LAST_NAMES);
    return {
      firstName,
      lastName,
      // +1 415 555 xxxx: fictional numbers; 2000 + index keeps them distinct and clear of bootstrap's 01xx.
      phone: `+1415555${String(2000 + index).padStart(4, '0')}`,
      email: `${firstName}.${lastName}.${index}@example.com`.toLowerCase(),
      source: weighted(SOURCES),
      createdAt: businessInstant(),
    };
  }).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  /**
   * A business-hours instant of the month and a lead that existed then: calls and texts spread
   * evenly over the month instead of piling up on its last days behind the newest leads.
   */
  const afterSomeLead = (): { at: Date; contact: number } => {
    for (;;) {
      const at = businessInstant();
      const existing = contacts.findIndex((c) => c.createdAt.getTime() > at.getTime());
      const known = existing === -1 ? contacts.length : existing;
      if (known > 0) return { at, contact: int(0, known - 1) };
    }
  };

  const appointments: DemoPlan['appointments'] = [];
  contacts.forEach((contact, index) => {
    if (random() >= 0.25) return;
    const createdAt = after(contact.createdAt, 3_600_000, 3 * 86_400_000);
    const startsAt = new Date(createdAt.getTime() + int(1, 7) * 86_400_000);
    appointments.push({
      contact: index,
      title: `Consultation with ${contact.firstName}`,
      createdAt,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
    });
  });

  const agents: DemoPlan['agents'] = [
    { name: 'Front desk assistant', voice: 'alloy', prompt: 'Answer questions about hours and prices; book appointments.' },
    { name: 'Lead follow-up caller', voice: 'verse', prompt: 'Call new leads back, qualify them and offer a consultation.' },
  ];

  const calls: DemoCall[] = [];
  for (let i = 0; i < DEMO_SIZES.dialerCalls; i++) {
    const { at: startedAt, contact } = afterSomeLead();
    const answered = random() < 0.6;
    const durationSeconds = answered ? int(20, 480) : 0;
    const answeredAt = answered ? new Date(startedAt.getTime() + int(3, 25) * 1000) : null;
    calls.push({
      // A third of the outbound calls are the follow-up agent's, the rest a person's at the dialer.
      agent: random() < 1 / 3 ? 1 : null,
      contact,
      direction: 'outbound',
      startedAt,
      answeredAt,
      endedAt: new Date((answeredAt ?? startedAt).getTime() + (answered ? durationSeconds : 30) * 1000),
      durationSeconds,
      status: answered ? 'completed' : 'no_answer',
      transcription: null,
      sentiment: null,
      callSuccessful: null,
      hangupReason: answered
        ? pick(['user_hangup', 'agent_hangup'] as const)
        : pick(['dial_no_answer', 'voicemail_reached'] as const),
    });
  }
  for (let i = 0; i < DEMO_SIZES.aiCalls; i++) {
    const { at: startedAt, contact } = afterSomeLead();
    const script = pick(AI_TRANSCRIPTS);
    const durationSeconds = int(20, 240);
    const answeredAt = new Date(startedAt.getTime() + 1000);
    calls.push({
      agent: 0,
      contact,
      direction: random() < 0.8 ? 'inbound' : 'web',
      startedAt,
      answeredAt,
      endedAt: new Date(answeredAt.getTime() + durationSeconds * 1000),
      durationSeconds,
      status: 'completed',
      transcription: script.text,
      sentiment: script.sentiment,
      callSuccessful: script.successful,
      hangupReason: script.successful ? pick(['user_hangup', 'agent_hangup', 'call_transfer'] as const) : 'user_hangup',
    });
  }
  calls.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());

  const texts: DemoText[] = [];
  for (let i = 0; i < DEMO_SIZES.texts; i++) {
    const { at: createdAt, contact } = afterSomeLead();
    const roll = random();
    const status = roll < 0.85 ? 'delivered' : roll < 0.92 ? 'sent' : 'failed';
    const sentAt = status === 'failed' ? null : new Date(createdAt.getTime() + int(1, 20) * 1000);
    texts.push({
      contact,
      body: pick(TEXT_BODIES).replace('{name}', contacts[contact]!.firstName),
      status,
      createdAt,
      sentAt,
      deliveredAt: status === 'delivered' ? new Date(sentAt!.getTime() + int(1, 10) * 1000) : null,
      failureReason: status === 'failed' ? pick(TEXT_FAILURES) : null,
    });
  }
  texts.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  return { contacts, appointments, agents, calls, texts };
}
