import { Logger, PinoLogger } from 'nestjs-pino';
import type { Logger as PinoRootLogger } from 'pino';

/**
 * nestjs-pino's PinoLogger bound to one app's root logger. Its own picks the request's logger from
 * nestjs-pino's middleware (not mounted here) or else the root logger of the first app it met in
 * the process, whatever the app.
 */
class AppPinoLogger extends PinoLogger {
  constructor(private readonly appRoot: PinoRootLogger) {
    super({ pinoHttp: { logger: appRoot } });
  }

  override get logger(): PinoRootLogger {
    return this.appRoot;
  }
}

/** One app's Nest LoggerService: nestjs-pino's Logger (Nest's call shapes to pino's), writing to the app's root logger. */
export function nestLoggerFor(root: PinoRootLogger): Logger {
  return new Logger(new AppPinoLogger(root), {});
}
