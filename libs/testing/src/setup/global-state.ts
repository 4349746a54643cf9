/**
 * What global setup hands to global teardown. Jest runs both in its parent process, so a
 * property on globalThis survives between them (the workers only see process.env).
 */
export interface SuiteTestServices {
  stops: Array<{ name: string; stop(): Promise<void> }>;
  /** Where the apps record their answers for the OpenAPI contract check (setup/answer-recording.ts). */
  answers?: { dir: string; owned: boolean };
}

const KEY = '__suiteTestServices__';

type GlobalWithServices = typeof globalThis & { [KEY]?: SuiteTestServices };

export function setSuiteTestServices(services: SuiteTestServices): void {
  (globalThis as GlobalWithServices)[KEY] = services;
}

export function takeSuiteTestServices(): SuiteTestServices | undefined {
  const holder = globalThis as GlobalWithServices;
  const services = holder[KEY];
  delete holder[KEY];
  return services;
}
