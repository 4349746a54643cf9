import { Logger } from '@nestjs/common';

/**
 * The subset of Nest's LoggerService this library uses. The default goes through Nest's
 * Logger, which nestjs-pino replaces in the apps, so lines land in the app's pino output.
 */
export interface EventingLogger {
  log(message: string, context?: Record<string, unknown>): void;
  warn(message: string, context?: Record<string, unknown>): void;
  error(message: string, context?: Record<string, unknown>): void;
  debug(message: string, context?: Record<string, unknown>): void;
}

export function defaultEventingLogger(appName: string): EventingLogger {
  const logger = new Logger(`Eventing:${appName}`);
  return {
    log: (message, context) => logger.log(context ? { msg: message, ...context } : message),
    warn: (message, context) => logger.warn(context ? { msg: message, ...context } : message),
    error: (message, context) => logger.error(context ? { msg: message, ...context } : message),
    debug: (message, context) => logger.debug(context ? { msg: message, ...context } : message),
  };
}

export const silentEventingLogger: EventingLogger = {
  log: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
};
