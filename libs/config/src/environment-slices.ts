import { markSecrets, secretKeysOf } from './secret.decorator';

/**
 * One slice of an app's environment: a class of variables (class-validator decorators, defaults,
 * `@Secret()`) that the feature reading them declares in its own folder.
 */
export type EnvironmentSlice<T extends object = object> = new () => T;

type Intersection<U> = (U extends unknown ? (slice: U) => void : never) extends (slice: infer I) => void ? I : never;

/**
 * An app's environment as the slices it is made of, base first (decision 0062). `loadEnvironment`
 * loads each slice from the same variables, one after another, with the same conversion,
 * validation and error; the result is one object holding every variable, and each slice's own
 * instance stays reachable through `environmentSlicesOf` so a feature can be given just its slice.
 */
export interface ComposedEnvironment<T extends object> {
  readonly slices: readonly EnvironmentSlice[];
  /** Type only: the object `loadEnvironment` returns. */
  readonly environment?: T;
}

/** The loaded environment's type: `type AppEnvironment = EnvironmentOf<typeof AppEnvironment>`. */
export type EnvironmentOf<C> = C extends ComposedEnvironment<infer T> ? T : never;

/**
 * Composes an app's environment from its slices, the one holding the shared variables (a subclass
 * of BaseEnvironment) first. Two slices may declare the same variable when two features read it;
 * each then states its own rule, and the first slice's value is the one kept.
 */
export function composeEnvironment<S extends readonly EnvironmentSlice[]>(
  ...slices: S
): ComposedEnvironment<Intersection<InstanceType<S[number]>> & object> {
  if (slices.length === 0) throw new Error('composeEnvironment needs at least one slice');
  return { slices };
}

export const isComposedEnvironment = (schema: unknown): schema is ComposedEnvironment<object> =>
  typeof schema === 'object' && schema !== null && Array.isArray((schema as { slices?: unknown }).slices);

const loadedSlices = new WeakMap<object, ReadonlyMap<EnvironmentSlice, object>>();

/**
 * Joins loaded slices into one environment object: an instance of the first slice's class holding
 * every variable (the first slice's value wins where two declare one), secrets of all of them marked.
 */
export function joinSlices(loaded: ReadonlyMap<EnvironmentSlice, object>): object {
  const instances = [...loaded.values()];
  const first = instances[0]!;
  const joined: object = Object.create(Object.getPrototypeOf(first) as object);
  for (const instance of [...instances].reverse()) Object.assign(joined, instance);
  markSecrets(joined, [...new Set(instances.flatMap((instance) => secretKeysOf(instance)))]);
  loadedSlices.set(joined, loaded);
  return joined;
}

/**
 * Each slice of a loaded composed environment with its own instance (only its variables), for
 * registering them as providers by their class (libs/http's EnvironmentModule); none for an
 * environment loaded from a single class.
 */
export function environmentSlicesOf(env: object): ReadonlyArray<readonly [EnvironmentSlice, object]> {
  return [...(loadedSlices.get(env) ?? new Map<EnvironmentSlice, object>()).entries()];
}
