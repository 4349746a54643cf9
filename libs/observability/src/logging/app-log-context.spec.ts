import { Logger } from '@nestjs/common';
import { AppLogScope, appRoutedNestLogger, runInAppLogScope } from './app-log-context';
import { createRootLogger } from './logger.module';
import { nestLoggerFor } from './nest-logger';
import { LogCapture } from './testing/log-capture';

/**
 * Two apps in one process, as under the embedded launcher: Nest's Logger is one for the process,
 * and each line must still come out under the app whose work wrote it.
 */
describe('Nest log lines of several apps in one process', () => {
  const capture = new LogCapture();
  const nestLoggerOf = (app: string) => nestLoggerFor(createRootLogger(app, 'info', capture.stream));
  const linesOf = () => capture.lines().map((line) => [line['name'], line['context'], line['msg']]);

  beforeAll(() => Logger.overrideLogger(appRoutedNestLogger));

  it('go to the app whose work runs: its own lines, what it started, and what it wrote before it was built', async () => {
    const first = new AppLogScope();
    const second = AppLogScope.of(nestLoggerOf('second'));
    await runInAppLogScope(first, async () => {
      new Logger('InstanceLoader').log('written while the app is built');
      setTimeout(() => new Logger('Loop').log('from a timer the app started'), 5);
    });
    runInAppLogScope(second, () => new Logger('Service').warn('second app'));
    first.bind(nestLoggerOf('first'));
    runInAppLogScope(first, () => new Logger('Service').error('first app', 'a stack'));
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(linesOf()).toEqual([
      ['second', 'Service', 'second app'],
      ['first', 'InstanceLoader', 'written while the app is built'],
      ['first', 'Service', 'first app'],
      ['first', 'Loop', 'from a timer the app started'],
    ]);
    // Outside every app's work: the first app built in the process.
    new Logger('Elsewhere').log('outside');
    expect(capture.lines().at(-1)).toMatchObject({ name: 'second', context: 'Elsewhere', msg: 'outside' });
  });
});
