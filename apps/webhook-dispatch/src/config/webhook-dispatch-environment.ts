import { Transform } from 'class-transformer';
import { IsInt, Max, Min, ValidateBy } from 'class-validator';
import { BaseEnvironment, toList } from '@suite/config';
import { parseRetryDelays } from '../deliveries/retry-delays';
import { parseCidr } from '../targets/address-policy';

/** WebhookDispatch's environment: the shared variables and the webhook sender's. */
export class WebhookDispatchEnvironment extends BaseEnvironment {
  override PORT = 3004;

  /** Upper bound of one webhook attempt, connection and response together (sending/send-webhook.ts). */
  @IsInt()
  @Min(100)
  @Max(120_000)
  WEBHOOKS_TIMEOUT_MS: number = 10_000;

  /**
   * Private ranges webhooks may be sent to after all, over plain http too (decision 0028):
   * comma-separated CIDR ranges such as `10.20.0.0/16,fd00:1::/32`. Empty (the default): only
   * public addresses, only https. `npm start` sets the loopback ranges unless this is set.
   */
  @Transform(toList)
  @ValidateBy(
    { name: 'isCidr', validator: { validate: (value: unknown) => typeof value === 'string' && parseCidr(value) !== undefined } },
    {
      each: true,
      message: 'WEBHOOKS_ALLOWED_PRIVATE_CIDRS must be comma-separated CIDR ranges, e.g. 10.20.0.0/16,::1/128 (no /0)',
    },
  )
  WEBHOOKS_ALLOWED_PRIVATE_CIDRS: string[] = [];

  /**
   * The waits before a delivery's retries: four comma-separated delays (`ms`, `s`, `m`, `h`), so
   * five attempts in all. A 429 or 503 with a later Retry-After waits that long instead.
   */
  @ValidateBy(
    { name: 'isRetryDelays', validator: { validate: (value: unknown) => parseRetryDelays(value) !== undefined } },
    { message: 'WEBHOOKS_RETRY_DELAYS must be four comma-separated delays such as 30s,2m,8m,32m (units ms, s, m, h)' },
  )
  WEBHOOKS_RETRY_DELAYS: string = '30s,2m,8m,32m';

  /** Attempts in flight at once per replica (HTTP requests and their reads and writes). */
  @IsInt()
  @Min(1)
  @Max(1_000)
  WEBHOOKS_CONCURRENCY: number = 64;

  /**
   * Attempts in flight at once per webhook, across replicas: what one endpoint can hold of the
   * dispatcher, so a slow one delays only itself.
   */
  @IsInt()
  @Min(1)
  @Max(100)
  WEBHOOKS_ENDPOINT_CONCURRENCY: number = 8;

  /**
   * How long creating or updating a webhook waits for a `list_id` the read model has not heard of
   * to arrive (a list created a moment ago), before it counts as no list: 422 (decision 0036).
   */
  @IsInt()
  @Min(0)
  @Max(60_000)
  WEBHOOKS_LIST_WAIT_MS: number = 5_000;

  /** Attempts older than this many days are deleted, and final deliveries left without attempts. */
  @IsInt()
  @Min(1)
  @Max(3_650)
  WEBHOOKS_RETENTION_DAYS: number = 30;
}
