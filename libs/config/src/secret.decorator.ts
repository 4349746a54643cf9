import 'reflect-metadata';

const SECRET_KEYS = Symbol('secret-environment-keys');

/** Marks an environment variable as secret: it is never printed, in logs or in errors. */
export function Secret(): PropertyDecorator {
  return (target, propertyKey) => {
    const keys: string[] = Reflect.getMetadata(SECRET_KEYS, target) ?? [];
    Reflect.defineMetadata(SECRET_KEYS, [...keys, String(propertyKey)], target);
  };
}

export function secretKeysOf(target: object): string[] {
  return Reflect.getMetadata(SECRET_KEYS, target) ?? [];
}

/** Marks `keys` secret on one object (a composed environment: its slices' secrets, environment-slices.ts). */
export function markSecrets(target: object, keys: readonly string[]): void {
  Reflect.defineMetadata(SECRET_KEYS, [...keys], target);
}
