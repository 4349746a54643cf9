import { IsInt, Max, Min } from 'class-validator';

/** The call-history export's slice of the platform's environment (decision 0062). */
export class CallHistoryEnvironment {
  /**
   * Call-history exports streaming at once per replica: each holds a pooled connection for as long
   * as its client reads (DATABASE_POOL_SIZE is shared with everything else); one more is a 429.
   */
  @IsInt()
  @Min(1)
  @Max(50)
  PLATFORM_EXPORT_CONCURRENCY: number = 2;
}
