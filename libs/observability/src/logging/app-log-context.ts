import { AsyncLocalStorage } from 'node:async_hooks';
import { ConsoleLogger, type LoggerService } from '@nestjs/common';
import { setAppOfWork } from '@suite/telemetry';

type NestLogMethod = 'log' | 'error' | 'warn' | 'debug' | 'verbose' | 'fatal';

/**
 * One app's share of its process's Nest logging: the app's own LoggerService once the app is
 * built, and the lines the app wrote while it was being built (its module and route lines),
 * written to it then, in order.
 */
export class AppLogScope {
  private service: LoggerService | undefined;
  private readonly pending: Array<{ method: NestLogMethod; args: unknown[] }> = [];

  /** `appName`: the app this is the work of; spans started in it carry it as service.name (decision 0046). */
  constructor(readonly appName?: string) {}

  /** The scope the app whose logger `service` is was built in (its name with it), or a new one. */
  static of(service: LoggerService): AppLogScope {
    const known = scopeOfService.get(service);
    if (known) return known;
    const scope = new AppLogScope();
    scope.bind(service);
    return scope;
  }

  write(method: NestLogMethod, args: unknown[]): void {
    if (this.service) callLogger(this.service, method, args);
    else this.pending.push({ method, args });
  }

  bind(service: LoggerService): void {
    if (this.appName) scopeOfService.set(service, this);
    this.writeTo(service);
    if (this !== outsideEveryApp && !outsideEveryApp.service) outsideEveryApp.bind(service);
  }

  /** The app failed to build: what it wrote (why it failed, often) goes to the first app's logger, else to Nest's console. */
  abandon(): void {
    this.writeTo(outsideEveryApp.service ?? new ConsoleLogger());
  }

  private writeTo(service: LoggerService): void {
    this.service = service;
    for (const line of this.pending.splice(0)) callLogger(service, line.method, line.args);
  }
}

function callLogger(service: LoggerService, method: NestLogMethod, [message, ...rest]: unknown[]): void {
  (service[method] ?? service.log).call(service, message, ...rest);
}

const scopeOfService = new WeakMap<LoggerService, AppLogScope>();
const scopes = new AsyncLocalStorage<AppLogScope>();
/** Lines written outside every app's work go to the first app built in the process. */
const outsideEveryApp = new AppLogScope();
// The same scope tells the tracing which app's resource a span belongs to.
setAppOfWork(() => scopes.getStore()?.appName);

/**
 * Runs `fn` as one app's work: what Nest's Logger writes in it, and in whatever it starts —
 * lifecycle hooks, loops, timers, a server's connections and so their requests — goes to that app.
 */
export function runInAppLogScope<T>(scope: AppLogScope, fn: () => T): T {
  return scopes.run(scope, fn);
}

const route =
  (method: NestLogMethod) =>
  (...args: unknown[]): void =>
    (scopes.getStore() ?? outsideEveryApp).write(method, args);

/**
 * The process's Nest LoggerService (Nest keeps one per process: `new Logger(context)` anywhere
 * writes to the last one set): each line goes to the app whose work is running. With one app
 * per process that is always the app; with the embedded launcher's four it is the one whose
 * start-up, request, event handling or shutdown wrote the line, where one logger would have
 * named them all alike.
 */
export const appRoutedNestLogger: LoggerService = {
  log: route('log'),
  error: route('error'),
  warn: route('warn'),
  debug: route('debug'),
  verbose: route('verbose'),
  fatal: route('fatal'),
};
