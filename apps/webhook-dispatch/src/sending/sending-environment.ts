import { IsInt, Max, Min } from 'class-validator';

/** The webhook sender's slice of webhook-dispatch's environment (decision 0062). */
export class SendingEnvironment {
  /** Upper bound of one webhook attempt, connection and response together (sending/send-webhook.ts). */
  @IsInt()
  @Min(100)
  @Max(120_000)
  WEBHOOKS_TIMEOUT_MS: number = 10_000;

  /** Attempts in flight at once per replica (HTTP requests and their reads and writes). */
  @IsInt()
  @Min(1)
  @Max(1_000)
  WEBHOOKS_CONCURRENCY: number = 64;
}
