import { Global, Logger, Module, type DynamicModule } from '@nestjs/common';
import { parseAllowedCidrs } from './address-policy';
import { TargetGuard } from './target-guard';
import { TargetsEnvironment } from './targets-environment';
import { DnsTargetResolver, TargetResolver } from './target-resolver';

/** The guard over WEBHOOKS_ALLOWED_PRIVATE_CIDRS, saying at start-up when private ranges are open. */
function targetGuardFor(env: TargetsEnvironment, resolver: TargetResolver): TargetGuard {
  const cidrs = env.WEBHOOKS_ALLOWED_PRIVATE_CIDRS;
  if (cidrs.length > 0) {
    new Logger('TargetsModule').warn(
      `WEBHOOKS_ALLOWED_PRIVATE_CIDRS=${cidrs.join(',')}: webhooks may be sent to these private ranges, over plain http too`,
    );
  }
  return new TargetGuard(resolver, parseAllowedCidrs(cidrs));
}

/**
 * The SSRF guard of webhook targets (decision 0028), one per app: the management API checks a URL
 * with it at creation, the sender before every attempt. Global, so both ask the same guard; a test
 * overrides the TargetResolver provider (decision 0057) to make a name resolve where it wants.
 */
@Global()
@Module({})
export class TargetsModule {
  static forRoot(): DynamicModule {
    return {
      module: TargetsModule,
      providers: [
        { provide: TargetResolver, useClass: DnsTargetResolver },
        { provide: TargetGuard, useFactory: targetGuardFor, inject: [TargetsEnvironment, TargetResolver] },
      ],
      exports: [TargetGuard],
    };
  }
}
