import { IsInt, Max, Min } from 'class-validator';

/** The spam-protected numbers' slice of the platform's environment (decision 0062). */
export class SpamProtectionEnvironment {
  /**
   * Seconds between two scheduled reputation checks of one spam-protected number (a day by
   * default); from a minute to 30 days. On-demand checks do not move the schedule.
   */
  @IsInt()
  @Min(60)
  @Max(2_592_000)
  PLATFORM_REPUTATION_CHECK_INTERVAL_SECONDS: number = 86_400;
}
