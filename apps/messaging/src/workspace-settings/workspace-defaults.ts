import {
  DEFAULT_CAPABILITY_TTL_SECONDS,
  DEFAULT_SEND_RATE_PER_SECOND,
  DEFAULT_SEND_WINDOW,
  DEFAULT_WARMUP_DAYS,
  DEFAULT_WARMUP_MAX_PER_DAY,
  DEFAULT_WARMUP_START_PER_DAY,
} from '../send-rules/scheduling-defaults';

/**
 * The workspace-level defaults of the messaging rules the spec leaves open ("send-window hours
 * and warm-up pacing values: not shown"), as the workspace settings expose them. The values are
 * NOT set here: send-rules/scheduling-defaults.ts is the one source of truth, each value sourced
 * there and in decision 0012; this object only gives them the settings' names. A workspace may
 * override each of them (workspace_settings); a null column means "this default".
 */
export const MESSAGING_DEFAULTS = {
  /** Local time of the recipient, 'HH:MM' 24 h; a message is handed to the carrier only in [start, end). */
  sendWindowStart: DEFAULT_SEND_WINDOW.start,
  sendWindowEnd: DEFAULT_SEND_WINDOW.end,
  /** Messages per second per sender number. */
  perSecondRate: DEFAULT_SEND_RATE_PER_SECOND,
  /** New contacts per number per day while warming up, on the day the number joined the pool ... */
  dailyNewContactsStart: DEFAULT_WARMUP_START_PER_DAY,
  /** ... growing linearly to this cap ... */
  dailyNewContactsMax: DEFAULT_WARMUP_MAX_PER_DAY,
  /** ... over this many days. */
  warmupDays: DEFAULT_WARMUP_DAYS,
  /** How long a recipient's channel capability (iMessage or not) is trusted before it is looked up again. */
  capabilityTtlSeconds: DEFAULT_CAPABILITY_TTL_SECONDS,
  /** The auto-reply to an inbound HELP/INFO when the workspace has not set its own. */
  helpReply: 'Reply STOP to unsubscribe, START to resubscribe. Msg & data rates may apply.',
  /** The one confirmation of an opt-out (CTIA: a single reply confirming it, nothing after). */
  optOutReply: 'You have been unsubscribed and will receive no more messages from this number. Reply START to resubscribe.',
} as const;
