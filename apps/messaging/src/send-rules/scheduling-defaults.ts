/**
 * Default values of the release scheduler. The spec leaves them open ("Send-window hours and
 * warm-up pacing rates: not shown"); docs/decisions/0012-pacing-send-window-carrier.md says where
 * each comes from. Workspaces override the window (workspace settings); the others are the
 * service-wide defaults the scheduler starts from.
 */

/**
 * Local hours in which a message may be handed to the carrier, end exclusive. 08:00–21:00 is
 * the federal TCPA calling-hours rule (47 CFR 64.1200(c)(1), "before 8 a.m. or after 9 p.m.
 * local time at the called party's location"). Some states are stricter (Florida 8 p.m.), so a
 * workspace narrows it in its settings.
 */
export const DEFAULT_SEND_WINDOW = { start: '08:00', end: '21:00' } as const;

/**
 * Where the recipient's time zone cannot be told from the number (unknown prefix, toll-free,
 * non-geographic), the workspace's default zone applies; this is the default of that default
 * (most US senders' home zone; a workspace changes it in its settings).
 */
export const DEFAULT_WORKSPACE_TIME_ZONE = 'America/New_York';

/**
 * Messages a sender number hands to the carrier per second. US long codes are documented at one
 * message segment per second per number (Twilio), and iMessage providers recommend about one
 * message per second per line (messages.dev).
 */
export const DEFAULT_SEND_RATE_PER_SECOND = 1;

/**
 * Warm-up of a new sender number: its daily cap on NEW contacts grows linearly from START to
 * MAX over WARMUP_DAYS days. MAX is the per-line new-contact cap iMessage providers publish
 * (Sendblue, Photon and Tuco all document 50 new contacts per line per day); START and the
 * length of the ramp are our choice (providers say "ramp new lines up gradually" without numbers).
 */
export const DEFAULT_WARMUP_START_PER_DAY = 10;
export const DEFAULT_WARMUP_MAX_PER_DAY = 50;
export const DEFAULT_WARMUP_DAYS = 14;

/**
 * A contact counts as NEW for a number when the two have exchanged nothing (either direction)
 * within this many days; Sendblue documents the same 30-day rule for its new-contact cap.
 */
export const DEFAULT_NEW_CONTACT_LOOKBACK_DAYS = 30;

/**
 * How long a capability lookup (iMessage / SMS / MMS reachability) is trusted: 7 days. People
 * rarely switch between iPhone and Android, a lookup costs a provider call and, for iMessage
 * providers, is an "is this number on iMessage?" probe against the line (Tuco caps them);
 * a failed receipt is a reason to look again before the TTL ends. Env
 * MESSAGING_CAPABILITY_TTL_SECONDS overrides it.
 */
export const DEFAULT_CAPABILITY_TTL_SECONDS = 7 * 24 * 60 * 60;
