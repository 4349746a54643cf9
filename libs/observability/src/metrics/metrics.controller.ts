import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { METRICS_PATH } from '@suite/contracts';
import { metricsRegistry } from './metrics.registry';

@ApiExcludeController()
@Controller()
export class MetricsController {
  /** Prometheus text exposition; the ingress does not route it, scrapers reach pods directly. */
  @Get(METRICS_PATH)
  @Header('Content-Type', metricsRegistry.contentType)
  @Header('Cache-Control', 'no-store')
  metrics(): Promise<string> {
    return metricsRegistry.metrics();
  }
}
