import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, MinLength } from 'class-validator';
import { LOG_FORMATS, type LogFormat } from '@suite/observability';
import { Secret } from './secret.decorator';
import { IsProxyAddress } from './trusted-proxies';

/**
 * A boolean variable: true, 1, yes (any case) are true, anything else false. Reads the RAW value:
 * loadEnvironment's implicit conversion has already turned the string into Boolean("false") ===
 * true by the time `value` reaches a @Transform, so `value` would read "false" as true.
 */
export const toBoolean = ({ obj, key, value }: { obj: Record<string, unknown>; key: string; value: unknown }) => {
  const raw = obj[key];
  return typeof raw === 'string' ? ['true', '1', 'yes'].includes(raw.trim().toLowerCase()) : value;
};
/** A list variable: comma-separated, each part trimmed, empty parts dropped. */
export const toList = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
    : value;

/**
 * Variables every app reads. Each app extends this class with its own; `loadEnvironment`
 * validates it at boot and stops start-up naming the first bad variable.
 */
export class BaseEnvironment {
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT!: number;

  @IsString()
  HOST: string = '0.0.0.0';

  /** PostgreSQL connection URL. The embedded launcher sets it when the user did not. */
  @Secret()
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL!: string;

  @IsInt()
  @Min(1)
  @Max(200)
  DATABASE_POOL_SIZE: number = 10;

  @Transform(toBoolean)
  @IsBoolean()
  DATABASE_SSL: boolean = false;

  /** Run pending migrations at start. Kubernetes turns this off and runs the migration Job. */
  @Transform(toBoolean)
  @IsBoolean()
  MIGRATIONS_RUN: boolean = true;

  /** Kafka bootstrap servers; when empty, events are delivered in-process (embedded mode). */
  @Transform(toList)
  @IsString({ each: true })
  @Matches(/^[^\s:]+:\d+$/, { each: true, message: 'KAFKA_BROKERS must be host:port[,host:port...]' })
  KAFKA_BROKERS: string[] = [];

  @IsOptional()
  @IsString()
  KAFKA_CLIENT_ID?: string;

  @IsString()
  @Matches(/^[a-zA-Z0-9._-]*$/, { message: 'KAFKA_TOPIC_PREFIX may only hold letters, digits, ".", "_" and "-"' })
  KAFKA_TOPIC_PREFIX: string = '';

  @IsInt()
  @Min(1)
  @Max(1000)
  KAFKA_TOPIC_PARTITIONS: number = 6;

  @IsInt()
  @Min(1)
  @Max(10)
  KAFKA_REPLICATION_FACTOR: number = 1;

  /**
   * How long the consumer group waits for a silent member before giving its partitions to the others
   * (a killed pod sends no LeaveGroup). 6 s is Kafka's least (group.min.session.timeout.ms); the
   * heartbeat is a third of it, at most 1 s (decision 0039).
   */
  @IsInt()
  @Min(6_000)
  @Max(300_000)
  KAFKA_SESSION_TIMEOUT_MS: number = 10_000;

  /** Handler attempts before an event is parked in the dead-letter topic. */
  @IsInt()
  @Min(1)
  @Max(50)
  EVENT_MAX_ATTEMPTS: number = 5;

  /**
   * `/health/ready` fails once the outbox relay, on the replica that leads it, has been failing
   * for longer than this (libs/eventing, decision 0020). At least 1 s: a single failed round
   * must not take a pod out of its Service.
   */
  @IsInt()
  @Min(1000)
  @Max(3_600_000)
  EVENT_RELAY_UNHEALTHY_AFTER_MS: number = 60_000;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: string = 'info';

  /**
   * `json` or `pretty` (pino-pretty, for a person). Unset: pretty when stdout is a terminal outside
   * Kubernetes, else JSON (libs/observability/src/logging/log-format.ts).
   */
  @IsOptional()
  @IsIn(LOG_FORMATS, { message: `LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')}` })
  LOG_FORMAT?: LogFormat;

  /**
   * The proxies whose X-Forwarded-For the app believes: comma-separated IP addresses or CIDR
   * ranges (the ingress controller's pods, the compose gateway). `request.ip` (logs, rate
   * limits, the login-as audit) is then the address the nearest untrusted hop connected from.
   * Empty (the default) trusts no forwarded header: `request.ip` is the connection's peer.
   */
  @Transform(toList)
  @IsProxyAddress({
    each: true,
    message: 'TRUSTED_PROXIES must be comma-separated IP addresses or CIDR ranges, e.g. 10.0.0.0/8,192.0.2.7 (no /0)',
  })
  TRUSTED_PROXIES: string[] = [];

  /** Shared secret for /internal/* routes (service-to-service and operators); never routed by the gateway. */
  @IsOptional()
  @Secret()
  @MinLength(32, { message: 'INTERNAL_API_TOKEN must be at least 32 characters' })
  INTERNAL_API_TOKEN?: string;

  /**
   * The token issuer (the auth app's public base URL): access tokens must carry it as `iss`.
   * Every app verifies tokens locally against it.
   */
  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['http', 'https'] },
    { message: 'AUTH_ISSUER must be an http(s) URL' },
  )
  AUTH_ISSUER: string = 'http://127.0.0.1:3002';

  /**
   * Where the issuer's signing keys are published; unset means `${AUTH_ISSUER}/.well-known/jwks.json`
   * (see `jwksUrlOf`). Set it when apps reach auth by an internal address (a Kubernetes Service).
   */
  @IsOptional()
  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['http', 'https'] },
    { message: 'AUTH_JWKS_URL must be an http(s) URL' },
  )
  AUTH_JWKS_URL?: string;

  /**
   * How long a credential row read for an API key or personal access token check is reused
   * (libs/authz). At most 250 ms, so a revocation is still refused everywhere within a second
   * (decision 0008 addendum); 0 reads the replica on every request.
   */
  @IsInt()
  @Min(0)
  @Max(250)
  AUTHZ_CREDENTIAL_CACHE_MS: number = 200;

  /**
   * Rate limits of the credentialed APIs (messaging, platform, webhook-dispatch; decision 0045):
   * requests a minute per credential and per company, for each class — send, read, write. Unset,
   * each takes the app's documented default (docs/rate-limits.md). `false` turns the limits off
   * (a gateway in front already limits): no 429, no RateLimit fields.
   */
  @Transform(toBoolean)
  @IsBoolean()
  RATE_LIMITS_ENABLED: boolean = true;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10_000_000)
  RATE_LIMIT_SEND_PER_MINUTE?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10_000_000)
  RATE_LIMIT_SEND_COMPANY_PER_MINUTE?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10_000_000)
  RATE_LIMIT_READ_PER_MINUTE?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10_000_000)
  RATE_LIMIT_READ_COMPANY_PER_MINUTE?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10_000_000)
  RATE_LIMIT_WRITE_PER_MINUTE?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10_000_000)
  RATE_LIMIT_WRITE_COMPANY_PER_MINUTE?: number;

  /** How long shutdown waits for in-flight requests and the relay before giving up. */
  @IsInt()
  @Min(0)
  @Max(120000)
  SHUTDOWN_TIMEOUT_MS: number = 10000;

  /**
   * A request, headers and body, must have arrived within this; else it is answered 408 in the
   * API's error body and its connection closed (libs/http/src/server/http-server-settings.ts).
   * Time spent handling it does not count.
   */
  @IsInt()
  @Min(100)
  @Max(600_000)
  HTTP_REQUEST_TIMEOUT_MS: number = 30_000;

  /** The request line and headers must have arrived within this (or HTTP_REQUEST_TIMEOUT_MS, if smaller). */
  @IsInt()
  @Min(100)
  @Max(600_000)
  HTTP_HEADERS_TIMEOUT_MS: number = 10_000;

  /**
   * An idle keep-alive connection is closed after this. Longer than a proxy's idle timeout for
   * its upstream connections (ingress-nginx and nginx: 60 s), so the proxy, which knows when it
   * is about to reuse one, closes them rather than the app.
   */
  @IsInt()
  @Min(1_000)
  @Max(600_000)
  HTTP_KEEP_ALIVE_TIMEOUT_MS: number = 72_000;
}

/** The JWKS address the apps fetch verification keys from: AUTH_JWKS_URL, or the issuer's well-known path. */
export const jwksUrlOf = (env: Pick<BaseEnvironment, 'AUTH_ISSUER' | 'AUTH_JWKS_URL'>): string =>
  env.AUTH_JWKS_URL ?? `${env.AUTH_ISSUER.replace(/\/+$/, '')}/.well-known/jwks.json`;
