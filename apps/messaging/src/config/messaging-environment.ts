import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  registerDecorator,
  type ValidationOptions,
} from 'class-validator';
import { BaseEnvironment, Secret, toBoolean } from '@suite/config';
import { CARRIER_NAMES, usesProvider } from '../carrier/carrier-registry';
import {
  HTTP_URL_PATTERN,
  MIN_CALLBACK_SECRET_LENGTH,
  MIN_CALLBACK_TOKEN_LENGTH,
  PROVIDER_SECRET_PATTERN,
  TWILIO_ACCOUNT_SID_PATTERN,
  TWILIO_AUTH_TOKEN_PATTERN,
} from '../carrier/carrier-settings';
import { DEFAULT_CAPABILITY_TTL_SECONDS } from '../send-rules/scheduling-defaults';

/**
 * The callback secret: at least 32 characters when set; may be left unset only with the
 * sandbox carrier (which then uses a built-in secret, see carrier-settings.ts).
 */
function IsCallbackSecret(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isCallbackSecret',
      target: target.constructor,
      propertyName: propertyName as string,
      options: {
        message: `MESSAGING_CARRIER_CALLBACK_SECRET must be at least ${MIN_CALLBACK_SECRET_LENGTH} characters`,
        ...options,
      },
      validator: {
        validate: (value: unknown) =>
          value === undefined || (typeof value === 'string' && value.length >= MIN_CALLBACK_SECRET_LENGTH),
      },
    });
}

/**
 * A variable of a provider: required (and matching `pattern`) when MESSAGING_CARRIER uses that
 * provider (`real`: any carrier but the sandbox), optional otherwise — but malformed never.
 */
function ProviderVariable(needed: 'twilio' | 'sendblue' | 'real', pattern: RegExp, what: string): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'providerVariable',
      target: target.constructor,
      propertyName: propertyName as string,
      options: {
        message: (args) => {
          const carrier = (args.object as MessagingEnvironment).MESSAGING_CARRIER;
          return `${args.property} ${args.value === undefined ? `is required with MESSAGING_CARRIER=${carrier}` : `must be ${what}`}`;
        },
      },
      validator: {
        validate: (value: unknown, args) => {
          if (value === undefined) {
            const carrier = (args?.object as MessagingEnvironment).MESSAGING_CARRIER;
            return needed === 'real' ? carrier === 'sandbox' : !usesProvider(carrier, needed);
          }
          return typeof value === 'string' && pattern.test(value);
        },
      },
    });
}

/** Messaging's environment: the shared variables, the carrier's, the release scheduler's, and the email transport and its dispatcher. */
export class MessagingEnvironment extends BaseEnvironment {
  override PORT = 3001;

  /** Which carrier adapter sends messages (carrier-registry.ts); `sandbox` simulates one (docs/carriers.md). */
  @IsIn(CARRIER_NAMES, { message: `MESSAGING_CARRIER must be one of: ${CARRIER_NAMES.join(', ')}` })
  MESSAGING_CARRIER: string = 'sandbox';

  /**
   * Shared secret of the service's own signed callbacks (`POST /v1/carrier/callbacks/sandbox`,
   * HMAC-SHA256): the sandbox's. Unset, the sandbox uses a built-in one; `npm start` writes one to
   * `.data/`. Twilio and Sendblue verify their own schemes (docs/carriers.md).
   */
  @Secret()
  @IsCallbackSecret()
  MESSAGING_CARRIER_CALLBACK_SECRET?: string;

  /**
   * The public base URL at which the providers reach this service (https://messaging.example.com):
   * callback URLs are built from it, and Twilio signs the full URL. Required with a real carrier.
   */
  @ProviderVariable('real', HTTP_URL_PATTERN, 'an http(s) URL')
  MESSAGING_PUBLIC_URL?: string;

  /** Twilio: the account SID (AC…), the user of HTTP Basic. */
  @ProviderVariable('twilio', TWILIO_ACCOUNT_SID_PATTERN, '"AC" followed by 32 hex digits')
  TWILIO_ACCOUNT_SID?: string;

  /** Twilio: the auth token — the password of HTTP Basic and the key of X-Twilio-Signature. */
  @Secret()
  @ProviderVariable('twilio', TWILIO_AUTH_TOKEN_PATTERN, 'at least 16 characters')
  TWILIO_AUTH_TOKEN?: string;

  /** Twilio's REST API (Messages); a local mock in tests. */
  @IsOptional()
  @Matches(HTTP_URL_PATTERN, { message: 'TWILIO_API_URL must be an http(s) URL' })
  TWILIO_API_URL: string = 'https://api.twilio.com';

  /** Twilio's Lookup v2 API (line type intelligence). */
  @IsOptional()
  @Matches(HTTP_URL_PATTERN, { message: 'TWILIO_LOOKUP_URL must be an http(s) URL' })
  TWILIO_LOOKUP_URL: string = 'https://lookups.twilio.com';

  /** Sendblue: the API key id (header sb-api-key-id). */
  @ProviderVariable('sendblue', PROVIDER_SECRET_PATTERN, 'at least 8 characters')
  SENDBLUE_API_KEY_ID?: string;

  /** Sendblue: the API secret (header sb-api-secret-key). */
  @Secret()
  @ProviderVariable('sendblue', PROVIDER_SECRET_PATTERN, 'at least 8 characters')
  SENDBLUE_API_SECRET?: string;

  /** Sendblue: the webhook signing secret it sends back in the sb-signing-secret header of each callback. */
  @Secret()
  @ProviderVariable('sendblue', PROVIDER_SECRET_PATTERN, 'at least 8 characters')
  SENDBLUE_SIGNING_SECRET?: string;

  /** Sendblue's API; a local fake in tests. */
  @IsOptional()
  @Matches(HTTP_URL_PATTERN, { message: 'SENDBLUE_API_URL must be an http(s) URL' })
  SENDBLUE_API_URL: string = 'https://api.sendblue.co';

  /**
   * The unguessable per-installation token in Sendblue's callback URLs
   * (`/v1/carrier/callbacks/sendblue?token=…`): Sendblue signs nothing, so the URL is a second
   * secret beside sb-signing-secret. `npm start` generates one into `.data/`.
   */
  @Secret()
  @ProviderVariable(
    'sendblue',
    new RegExp(`^[A-Za-z0-9_-]{${MIN_CALLBACK_TOKEN_LENGTH},}$`),
    `at least ${MIN_CALLBACK_TOKEN_LENGTH} URL-safe characters (letters, digits, "-", "_")`,
  )
  SENDBLUE_CALLBACK_TOKEN?: string;

  /** Sandbox: latency of a hand-off to the carrier. */
  @IsInt()
  @Min(0)
  @Max(60_000)
  MESSAGING_SANDBOX_SEND_DELAY_MS: number = 0;

  /** Sandbox: from acceptance (`sent`) to the delivery receipt (`delivered` / `failed`). */
  @IsInt()
  @Min(0)
  @Max(86_400_000)
  MESSAGING_SANDBOX_DELIVERY_DELAY_MS: number = 2000;

  /**
   * A `sent` message without a delivery receipt after this long is reconciled: the carrier is asked
   * for its status (decision 0049, docs/carriers.md "Receipts that never come"). 24 h by default,
   * whatever the carrier: providers retry their callbacks for hours.
   */
  @IsInt()
  @Min(1)
  @Max(30 * 24 * 60 * 60)
  MESSAGING_RECEIPT_TIMEOUT_SECONDS: number = 86_400;

  /** How long a capability lookup is trusted before the carrier is asked again (7 days; 0 = always ask). */
  @IsInt()
  @Min(0)
  @Max(366 * 24 * 60 * 60)
  MESSAGING_CAPABILITY_TTL_SECONDS: number = DEFAULT_CAPABILITY_TTL_SECONDS;

  /**
   * Group commit of POST /v1/messages (decision 0016): most sends one transaction takes. Sends
   * that arrive while earlier batches are committing wait and leave together; a quiet service
   * still sends batches of one with no added latency.
   */
  @IsInt()
  @Min(1)
  @Max(1_000)
  MESSAGING_SEND_BATCH_MAX: number = 64;

  /**
   * Send batches running at once in this process (each holds a database connection for its two
   * round trips, decision 0019). One: a single batch in flight gathers more sends per batch and
   * costs less CPU per send than two (decision 0019 has the measurements); raise it when the
   * database is far enough away that a batch's round trips leave the process idle.
   */
  @IsInt()
  @Min(1)
  @Max(50)
  MESSAGING_SEND_BATCH_CONCURRENCY: number = 1;

  /**
   * Runs the release scheduler in this process (docs/decisions/0014). Every replica may run it
   * (claims use FOR UPDATE SKIP LOCKED); turn it off for an API-only replica or a test that
   * wants messages to stay queued.
   */
  @Transform(toBoolean)
  @IsBoolean()
  MESSAGING_SCHEDULER_ENABLED: boolean = true;

  /** Longest pause between two scheduler ticks; a new message or a due release_after wakes it earlier. */
  @IsInt()
  @Min(5)
  @Max(60_000)
  MESSAGING_SCHEDULER_TICK_MS: number = 1_000;

  /** Queued messages examined per claim transaction. */
  @IsInt()
  @Min(1)
  @Max(1_000)
  MESSAGING_SCHEDULER_BATCH_SIZE: number = 50;

  /**
   * Hand-off batches in flight: a tick's claimed messages are split into at most this many
   * batches, each one transaction holding one database connection while its carrier calls run
   * side by side (release-scheduler/hand-off-batches.ts).
   */
  @IsInt()
  @Min(1)
  @Max(50)
  MESSAGING_SCHEDULER_CONCURRENCY: number = 4;

  /**
   * A message claimed longer ago than this and never handed over is given back to the queue (its
   * scheduler died between claim and hand-off). At least 2 × MESSAGING_SCHEDULER_SEND_TIMEOUT_MS.
   */
  @IsInt()
  @Min(1_000)
  @Max(3_600_000)
  MESSAGING_SCHEDULER_CLAIM_TIMEOUT_MS: number = 120_000;

  /**
   * Upper bound of one carrier call (capability lookup or hand-off); then the message is requeued.
   * Below the database's idle-in-transaction timeout (60 s), since the hand-off holds the row lock.
   */
  @IsInt()
  @Min(100)
  @Max(50_000)
  MESSAGING_SCHEDULER_SEND_TIMEOUT_MS: number = 15_000;

  /** Hand-off attempts (carrier unavailable, timeouts, a scheduler that died) before a message ends `failed`. */
  @IsInt()
  @Min(1)
  @Max(100)
  MESSAGING_SCHEDULER_MAX_ATTEMPTS: number = 8;

  /** Wait before the first retry of an unavailable carrier; doubles per attempt up to MESSAGING_SCHEDULER_RETRY_MAX_MS. */
  @IsInt()
  @Min(10)
  @Max(3_600_000)
  MESSAGING_SCHEDULER_RETRY_BASE_MS: number = 30_000;

  @IsInt()
  @Min(10)
  @Max(86_400_000)
  MESSAGING_SCHEDULER_RETRY_MAX_MS: number = 900_000;

  /**
   * The SMTP relay emails are handed to, e.g. smtp://user:pass@relay.internal:587 or smtps://...:465
   * (nodemailer URL options such as ?requireTLS=true are honoured). Unset: emails are written as
   * .eml files to MESSAGING_MAIL_DIR and marked `captured`, never delivered (docs/decisions/0013).
   */
  @IsOptional()
  @Secret()
  @IsUrl(
    { protocols: ['smtp', 'smtps'], require_protocol: true, require_tld: false, require_valid_protocol: true },
    { message: 'MESSAGING_SMTP_URL must be an smtp:// or smtps:// URL' },
  )
  MESSAGING_SMTP_URL?: string;

  /** Where emails are captured when no relay is configured (relative to the working directory). */
  @IsString()
  @MinLength(1)
  MESSAGING_MAIL_DIR: string = '.data/mail';

  /** SMTP attempts per email before it is marked `failed` (a 5xx answer fails it at once). */
  @IsInt()
  @Min(1)
  @Max(50)
  MESSAGING_EMAIL_MAX_ATTEMPTS: number = 6;

  /** Wait before the first retry; doubles per attempt up to MESSAGING_EMAIL_RETRY_MAX_MS. */
  @IsInt()
  @Min(10)
  @Max(3_600_000)
  MESSAGING_EMAIL_RETRY_BASE_MS: number = 30_000;

  @IsInt()
  @Min(10)
  @Max(86_400_000)
  MESSAGING_EMAIL_RETRY_MAX_MS: number = 900_000;

  /** Fallback poll of the email queue; a committed send wakes the dispatchers at once (NOTIFY). */
  @IsInt()
  @Min(10)
  @Max(60_000)
  MESSAGING_EMAIL_POLL_MS: number = 1_000;

  /** Connection, greeting and socket timeout of one SMTP hand-off. */
  @IsInt()
  @Min(100)
  @Max(600_000)
  MESSAGING_EMAIL_SMTP_TIMEOUT_MS: number = 30_000;

  /**
   * How long a claimed email belongs to the replica that claimed it. A replica that died mid-send
   * loses it after this; it must exceed the SMTP timeouts of one hand-off (checked at boot).
   */
  @IsInt()
  @Min(1_000)
  @Max(3_600_000)
  MESSAGING_EMAIL_CLAIM_TIMEOUT_MS: number = 300_000;

  /** Emails one dispatcher hands to the relay concurrently. */
  @IsInt()
  @Min(1)
  @Max(100)
  MESSAGING_EMAIL_CONCURRENCY: number = 4;
}
