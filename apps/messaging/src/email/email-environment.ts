import { IsInt, IsOptional, IsString, IsUrl, Max, Min, MinLength } from 'class-validator';
import { Secret } from '@suite/config';

/** Email's slice of messaging's environment: the transport and its dispatcher (decisions 0013, 0062). */
export class EmailEnvironment {
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
