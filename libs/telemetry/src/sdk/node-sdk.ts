import type { IncomingMessage } from 'node:http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import {
  defaultResource,
  detectResources,
  envDetector,
  hostDetector,
  processDetector,
  resourceFromAttributes,
  type Resource,
} from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { KafkaJsInstrumentation } from '@opentelemetry/instrumentation-kafkajs';
import { NestInstrumentation } from '@opentelemetry/instrumentation-nestjs-core';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { appOfWork } from '../app-of-work';
import { otlpProtocolOf, type OtlpProtocol } from '../tracing-settings';
import { AppResourceSpanProcessor } from './app-resource-span-processor';

/** Probes and metrics scrapes: every few seconds from every kubelet and Prometheus, never worth a trace. */
const UNTRACED_PATHS = /^\/(health\/|metrics(\?|$))/;

/** The OTLP exporter of the configured protocol; each reads its endpoint, headers and timeout from the standard variables. */
function exporterFor(protocol: OtlpProtocol): SpanExporter {
  /* eslint-disable @typescript-eslint/no-require-imports -- only the protocol in use is loaded */
  if (protocol === 'grpc') return new (require('@opentelemetry/exporter-trace-otlp-grpc').OTLPTraceExporter)();
  if (protocol === 'http/json') return new (require('@opentelemetry/exporter-trace-otlp-http').OTLPTraceExporter)();
  return new (require('@opentelemetry/exporter-trace-otlp-proto').OTLPTraceExporter)();
  /* eslint-enable @typescript-eslint/no-require-imports */
}

/**
 * The process's one OpenTelemetry SDK (decision 0046): the HTTP, Nest, pg and kafkajs
 * instrumentations, the sampler from OTEL_TRACES_SAMPLER, W3C trace context, and an OTLP exporter
 * behind a batch processor (OTEL_BSP_*) — with each span under its app's resource
 * (AppResourceSpanProcessor). `processName` is the service.name of spans started outside every app.
 */
export function startNodeSdk(processName: string, env: NodeJS.ProcessEnv): NodeSDK {
  const base: Resource = defaultResource().merge(detectResources({ detectors: [envDetector, processDetector, hostDetector] }));
  const processResource = base.merge(
    resourceFromAttributes({ [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME?.trim() || processName }),
  );
  const appResources = new Map<string, Resource>();
  const resourceOf = (app: string) => {
    let resource = appResources.get(app);
    if (!resource) appResources.set(app, (resource = base.merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: app }))));
    return resource;
  };
  const sdk = new NodeSDK({
    resource: processResource,
    autoDetectResources: false,
    spanProcessors: [
      new AppResourceSpanProcessor(new BatchSpanProcessor(exporterFor(otlpProtocolOf(env))), () => {
        const app = appOfWork();
        return app ? resourceOf(app) : undefined;
      }),
    ],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request: IncomingMessage) => UNTRACED_PATHS.test(request.url ?? ''),
      }),
      new NestInstrumentation(),
      // Only inside a trace: the pollers (relay, jobs, scheduler) would otherwise start a trace per query.
      new PgInstrumentation({ requireParentSpan: true }),
      new KafkaJsInstrumentation(),
    ],
  });
  sdk.start();
  return sdk;
}
