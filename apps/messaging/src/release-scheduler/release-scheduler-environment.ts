import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, Max, Min } from 'class-validator';
import { toBoolean } from '@suite/config';
import { DEFAULT_CAPABILITY_TTL_SECONDS } from '../send-rules/scheduling-defaults';

/** The release scheduler's slice of messaging's environment (decisions 0014, 0062). */
export class ReleaseSchedulerEnvironment {
  /** How long a capability lookup is trusted before the carrier is asked again (7 days; 0 = always ask). */
  @IsInt()
  @Min(0)
  @Max(366 * 24 * 60 * 60)
  MESSAGING_CAPABILITY_TTL_SECONDS: number = DEFAULT_CAPABILITY_TTL_SECONDS;

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
}
