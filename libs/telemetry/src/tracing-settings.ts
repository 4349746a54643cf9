/**
 * Whether this process exports traces (decision 0046): off by default, on when an OTLP endpoint is
 * configured the standard way — OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT —
 * unless OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER is `none`. Anything else about the export
 * (protocol, sampler, batching, headers) is read by the SDK from its own standard variables.
 */
export function tracingWanted(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '').split(',').map((name) => name.trim().toLowerCase());
  if (exporters.includes('none')) return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

export const OTLP_PROTOCOLS = ['http/protobuf', 'http/json', 'grpc'] as const;
export type OtlpProtocol = (typeof OTLP_PROTOCOLS)[number];

/** OTEL_EXPORTER_OTLP_TRACES_PROTOCOL, else OTEL_EXPORTER_OTLP_PROTOCOL, else the specification's default http/protobuf. */
export function otlpProtocolOf(env: NodeJS.ProcessEnv): OtlpProtocol {
  const value = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf').trim();
  if (!(OTLP_PROTOCOLS as readonly string[]).includes(value)) {
    throw new Error(`OTEL_EXPORTER_OTLP_PROTOCOL must be one of ${OTLP_PROTOCOLS.join(', ')} (got "${value}")`);
  }
  return value as OtlpProtocol;
}
