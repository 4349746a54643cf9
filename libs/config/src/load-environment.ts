import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { isComposedEnvironment, joinSlices, type ComposedEnvironment, type EnvironmentSlice } from './environment-slices';
import { secretKeysOf } from './secret.decorator';

export class EnvironmentError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid environment: ${variable}: ${reason}`);
    this.name = 'EnvironmentError';
  }
}

type Constructor<T> = new () => T;

/**
 * Reads, converts and validates the process environment into a typed object.
 * Empty strings count as "not set", so `FOO=` falls back to the default.
 * Throws EnvironmentError naming the first bad variable (never its value: it may be a secret).
 * A composed environment (environment-slices.ts) is loaded slice by slice in its order, each the
 * same way from the same variables; the first bad variable of the first failing slice is named.
 */
export function loadEnvironment<T extends object>(
  schema: Constructor<T> | ComposedEnvironment<T>,
  env: NodeJS.ProcessEnv = process.env,
  defaults: Partial<Record<keyof T, unknown>> = {},
): T {
  if (!isComposedEnvironment(schema)) return loadSlice(schema, env, defaults);
  const loaded = new Map<EnvironmentSlice, object>();
  for (const slice of schema.slices) loaded.set(slice, loadSlice(slice, env, defaults));
  return joinSlices(loaded) as T;
}

function loadSlice<T extends object>(schema: Constructor<T>, env: NodeJS.ProcessEnv, defaults: object): T {
  const declared = new schema() as Record<string, unknown>;
  const raw: Record<string, unknown> = { ...declared, ...defaults };
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const instance = plainToInstance(schema, raw, { enableImplicitConversion: true, exposeDefaultValues: true });
  const errors = validateSync(instance, { whitelist: true, forbidUnknownValues: false, stopAtFirstError: true });
  if (errors.length > 0) {
    const first = firstError(errors);
    throw new EnvironmentError(first.property, describe(first));
  }
  return instance;
}

function firstError(errors: ValidationError[]): ValidationError {
  const error = errors[0]!;
  return error.children && error.children.length > 0 && !error.constraints ? firstError(error.children) : error;
}

function describe(error: ValidationError): string {
  const messages = Object.values(error.constraints ?? {});
  return messages[0] ?? 'is invalid';
}

/** A copy of the environment object safe to log: secrets replaced. */
export function redactedEnvironment<T extends object>(env: T): Record<string, unknown> {
  const secrets = new Set(secretKeysOf(env));
  return Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, secrets.has(key) && value !== undefined ? '[redacted]' : value]),
  );
}
