import { Injectable } from '@nestjs/common';
import { AppError } from '@suite/http';
import { TargetGuard } from '../targets/target-guard';

/**
 * Whether a webhook may be created or updated with a URL: the SSRF guard (decision 0028) resolves
 * the host and refuses any address that is not public, unless WEBHOOKS_ALLOWED_PRIVATE_CIDRS opens
 * it; https is required except to those ranges. The same guard runs again before every attempt,
 * so a name that later resolves somewhere private fails at send time instead.
 */
@Injectable()
export class WebhookTargetPolicy {
  constructor(private readonly guard: TargetGuard) {}

  /** Resolves when `url` is an acceptable target; otherwise throws a 400 naming `url` and the reason. */
  async check(url: string): Promise<void> {
    const target = await this.guard.check(url);
    if (!target.ok) {
      const problem = `The url is refused: ${target.reason}.`;
      throw new AppError('invalid', problem, { url: [problem] });
    }
  }
}
