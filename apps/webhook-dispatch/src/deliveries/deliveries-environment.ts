import { IsInt, Max, Min, ValidateBy } from 'class-validator';
import { parseRetryDelays } from './retry-delays';

/** The deliveries' slice of webhook-dispatch's environment: retries, per-endpoint fairness, retention (decision 0062). */
export class DeliveriesEnvironment {
  /**
   * The waits before a delivery's retries: four comma-separated delays (`ms`, `s`, `m`, `h`), so
   * five attempts in all. A 429 or 503 with a later Retry-After waits that long instead.
   */
  @ValidateBy(
    { name: 'isRetryDelays', validator: { validate: (value: unknown) => parseRetryDelays(value) !== undefined } },
    { message: 'WEBHOOKS_RETRY_DELAYS must be four comma-separated delays such as 30s,2m,8m,32m (units ms, s, m, h)' },
  )
  WEBHOOKS_RETRY_DELAYS: string = '30s,2m,8m,32m';

  /**
   * Attempts in flight at once per webhook, across replicas: what one endpoint can hold of the
   * dispatcher, so a slow one delays only itself.
   */
  @IsInt()
  @Min(1)
  @Max(100)
  WEBHOOKS_ENDPOINT_CONCURRENCY: number = 8;

  /** Attempts older than this many days are deleted, and final deliveries left without attempts. */
  @IsInt()
  @Min(1)
  @Max(3_650)
  WEBHOOKS_RETENTION_DAYS: number = 30;
}
