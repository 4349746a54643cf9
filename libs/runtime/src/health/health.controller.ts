import { Controller, Get, HttpStatus, Inject, Res, ServiceUnavailableException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiExcludeController } from '@nestjs/swagger';
import {
  HealthCheck,
  HealthCheckService,
  HealthIndicatorService,
  TypeOrmHealthIndicator,
  type HealthIndicatorFunction,
} from '@nestjs/terminus';
import { HEALTH_PATHS } from '@suite/contracts';
import { READINESS_CHECKS, type NamedReadinessProbe } from './readiness-check';

@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @Inject(READINESS_CHECKS) private readonly probes: NamedReadinessProbe[],
  ) {}

  /** Liveness: the process and its event loop answer; never depends on other systems. */
  @Get(HEALTH_PATHS.live)
  @HealthCheck()
  live() {
    return this.health.check([]);
  }

  /**
   * Readiness: the app can do its job — its database answers, and so do the app's probes (the
   * events probe: Kafka when configured, and the outbox relay on the replica that leads it).
   */
  @Get(HEALTH_PATHS.ready)
  @HealthCheck()
  async ready(@Res({ passthrough: true }) response: FastifyReply) {
    const checks: HealthIndicatorFunction[] = [
      () => this.database.pingCheck('database', { timeout: 2000 }),
      ...this.probes.map(({ name, probe }) => async () => {
        const indicator = this.indicators.check(name);
        const result = await probe.check().catch((error: unknown) => ({
          up: false,
          details: { message: error instanceof Error ? error.message : String(error) },
        }));
        return result.up ? indicator.up(result.details) : indicator.down(result.details);
      }),
    ];
    // Terminus throws a 503 carrying the report; answer it as the report itself, so probes and
    // operators see which dependency is down instead of the API's generic error body.
    try {
      return await this.health.check(checks);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      response.status(HttpStatus.SERVICE_UNAVAILABLE);
      return error.getResponse();
    }
  }
}
