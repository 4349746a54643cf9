/**
 * Defaults of the messaging rules the spec leaves open ("send-window hours and warm-up pacing
 * values: not shown"). One file, read by the API (workspace settings), the scheduler and the
 * pacing functions, so a value is changed in one place. A workspace may override each of them
 * (workspace_settings); a null column means "this default". Where the values come from is
 * documented with the pacing code (carrier branch); they are conservative starting points.
 */
export const MESSAGING_DEFAULTS = {
  /** Local time of the recipient, 'HH:MM' 24 h; a message is handed to the carrier only in [start, end). */
  sendWindowStart: '08:00',
  sendWindowEnd: '21:00',
  /** Messages per second per sender number. */
  perSecondRate: 1,
  /** New contacts (first message of a conversation) per number per day while warming up, at day 0 ... */
  dailyNewContactsStart: 20,
  /** ... growing to this cap ... */
  dailyNewContactsMax: 200,
  /** ... over this many days from the day the number joined the pool. */
  warmupDays: 14,
  /** How long a recipient's channel capability (iMessage or not) is trusted before it is looked up again. */
  capabilityTtlHours: 24 * 7,
  /** The auto-reply to an inbound HELP/INFO when the workspace has not set its own. */
  helpReply: 'Reply STOP to unsubscribe, START to resubscribe. Msg & data rates may apply.',
  /** The one confirmation of an opt-out (CTIA: a single reply confirming it, nothing after). */
  optOutReply: 'You have been unsubscribed and will receive no more messages from this number. Reply START to resubscribe.',
} as const;

/** Limits of the messaging API (the spec's and those chosen here; decision 0011). */
export const MESSAGING_LIMITS = {
  /** Characters of `message`; about 13 SMS segments, well above any iMessage or MMS text a lead reads. */
  messageMaxLength: 2000,
  firstNameMaxLength: 100,
  attachmentsMax: 10,
  attachmentUrlMaxLength: 2048,
  listLimitDefault: 50,
  listLimitMax: 200,
  conversationLimitDefault: 50,
  conversationLimitMax: 500,
} as const;
