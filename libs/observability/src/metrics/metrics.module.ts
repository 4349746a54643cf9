import { Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { ensureDefaultMetrics } from './metrics.registry';

@Module({ controllers: [MetricsController] })
export class MetricsModule {
  constructor() {
    ensureDefaultMetrics();
  }
}
