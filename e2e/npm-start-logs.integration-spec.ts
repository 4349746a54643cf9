import { eventually } from '@suite/testing';
import { EmbeddedSuite } from './support/embedded-suite';

const APP_NAMES = ['messaging', 'auth', 'platform', 'webhook-dispatch'] as const;

type LogLine = { name?: string; context?: string; msg?: string; req?: { url?: string } };

/** The launcher's stdout, split into JSON log lines and the rest (the banner), each with its position. */
function splitOutput(stdout: string): { lines: string[]; logs: Array<{ at: number; line: LogLine }> } {
  const lines = stdout.split('\n');
  const logs: Array<{ at: number; line: LogLine }> = [];
  lines.forEach((text, at) => {
    if (!text.startsWith('{"level"')) return;
    logs.push({ at, line: JSON.parse(text) as LogLine });
  });
  return { lines, logs };
}

/**
 * `npm start`'s output as a person reads it, here with stdout a pipe (so JSON lines, as in CI,
 * Docker and Kubernetes): the four apps share one process, and each app's lines carry its own
 * name — its start-up, its background work, its requests and its shutdown. The banner with the
 * addresses and the first start's credentials comes once every app is ready, in one piece.
 */
describe('npm start: each app logs under its own name', () => {
  let suite: EmbeddedSuite;

  beforeAll(async () => {
    suite = await EmbeddedSuite.create('suite-logs-');
  });

  afterAll(() => suite?.cleanUp());

  it('names every line after its app, and prints the banner after the apps are ready, not interleaved with log lines', async () => {
    const launcher = suite.launch({ env: { LOG_LEVEL: 'info' } });
    await suite.ready(launcher, 90_000);
    await eventually(
      async () => launcher.stdout,
      (text) => text.includes('The same as JSON'),
      { what: 'the first start banner' },
    );
    // One request to each app (a 404), so each writes a request line.
    for (const port of Object.values(suite.ports)) await (await fetch(`http://127.0.0.1:${port}/nothing-here`)).text();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(launcher.stop('SIGINT')).resolves.toMatchObject({ code: 0 });

    const { lines, logs } = splitOutput(launcher.stdout);
    for (const name of APP_NAMES) {
      const listening = logs.find(({ line }) => line.msg?.startsWith(`${name} listening on`));
      expect({ app: name, name: listening?.line.name }).toEqual({ app: name, name });
      // Start-up (Nest's module and route lines come before the app's "listening" line).
      const mine = logs.filter(({ line }) => line.name === name);
      expect(mine.some(({ line }) => line.context === 'InstanceLoader')).toBe(true);
      // Background work and shutdown: the eventing library names the app in its context.
      const eventing = logs.filter(({ line }) => line.context === `Eventing:${name}`);
      expect(eventing.length).toBeGreaterThan(0);
      expect(new Set(eventing.map(({ line }) => line.name))).toEqual(new Set([name]));
      // The app's request line.
      expect(logs.some(({ line }) => line.name === name && line.msg === 'request completed')).toBe(true);
    }
    expect(new Set(logs.map(({ line }) => line.name))).toEqual(new Set(APP_NAMES));

    // The banner: after every app's "listening" line, and no log line inside it.
    const bannerStart = lines.findIndex((text) => text.includes('suite ready'));
    const bannerEnd = lines.findIndex((text) => text.includes('The same as JSON')) + 1;
    expect(bannerStart).toBeGreaterThan(-1);
    const lastListening = Math.max(...logs.filter(({ line }) => line.msg?.includes(' listening on ')).map(({ at }) => at));
    expect(bannerStart).toBeGreaterThan(lastListening);
    expect(logs.filter(({ at }) => at >= bannerStart && at <= bannerEnd)).toEqual([]);
    expect(lines[bannerEnd]).toContain('"personal_access_token"');
  });
});
