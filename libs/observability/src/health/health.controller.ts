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
   * Readiness: the app can serve requests (decision 0039) — its database answers, and the app's
   * probes say it can (the events probe: the outbox relay on the replica that leads it). A probe
   * that serves through a problem (Kafka unreachable) stays up and is listed in `degraded`, with
   * `degraded: true` in its own entry. The probes answer from memory; only the database ping does
   * I/O, bounded at 2 s.
   */
  @Get(HEALTH_PATHS.ready)
  @HealthCheck()
  async ready(@Res({ passthrough: true }) response: FastifyReply) {
    const degraded: string[] = [];
    const checks: HealthIndicatorFunction[] = [
      () => this.database.pingCheck('database', { timeout: 2000 }),
      ...this.probes.map(({ name, probe }) => async () => {
        const indicator = this.indicators.check(name);
        const result = await probe.check().catch((error: unknown) => ({
          up: false,
          degraded: false,
          details: { message: error instanceof Error ? error.message : String(error) },
        }));
        if (result.degraded) degraded.push(name);
        const details = { ...(result.degraded ? { degraded: true } : {}), ...result.details };
        return result.up ? indicator.up(details) : indicator.down(details);
      }),
    ];
    // Terminus throws a 503 carrying the report; answer it as the report itself, so probes and
    // operators see which dependency is down instead of the API's generic error body.
    try {
      return { ...(await this.health.check(checks)), degraded };
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      response.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { ...(error.getResponse() as object), degraded };
    }
  }
}
