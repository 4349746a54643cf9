import { Logger, Module } from '@nestjs/common';
import { ENVIRONMENT } from '@suite/runtime';
import type { WebhookDispatchEnvironment } from '../config/webhook-dispatch-environment';
import { parseAllowedCidrs } from './address-policy';
import { TargetGuard } from './target-guard';
import { DnsTargetResolver, TargetResolver } from './target-resolver';

/** The guard over WEBHOOKS_ALLOWED_PRIVATE_CIDRS, saying at start-up when private ranges are open. */
function targetGuardFor(env: WebhookDispatchEnvironment, resolver: TargetResolver): TargetGuard {
  const cidrs = env.WEBHOOKS_ALLOWED_PRIVATE_CIDRS;
  if (cidrs.length > 0) {
    new Logger('TargetsModule').warn(
      `WEBHOOKS_ALLOWED_PRIVATE_CIDRS=${cidrs.join(',')}: webhooks may be sent to these private ranges, over plain http too`,
    );
  }
  return new TargetGuard(resolver, parseAllowedCidrs(cidrs));
}

/**
 * The SSRF guard of webhook targets (decision 0028). A test overrides TargetResolver to make a name
 * resolve where it wants.
 */
@Module({
  providers: [
    { provide: TargetResolver, useClass: DnsTargetResolver },
    { provide: TargetGuard, useFactory: targetGuardFor, inject: [ENVIRONMENT, TargetResolver] },
  ],
  exports: [TargetGuard],
})
export class TargetsModule {}
