import { IsInt, Max, Min } from 'class-validator';

/** The calls' slice of the platform's environment (decision 0062). */
export class CallsEnvironment {
  /**
   * How long a connected call's `call.ended` waits for the provider's post-call analysis
   * (sentiment, success, summary; Retell's `call_analyzed`) before it is published without it;
   * 0 publishes at once. An analysis arriving later still completes the call record and the export.
   */
  @IsInt()
  @Min(0)
  @Max(3600)
  PLATFORM_CALL_ANALYSIS_WAIT_SECONDS: number = 300;
}
