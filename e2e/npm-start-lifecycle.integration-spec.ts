import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, copyFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedSuite, freeAppPorts } from './support/embedded-suite';

/**
 * The embedded PostgreSQL of `npm start` lives exactly as long as its launcher, however the
 * launcher ends: stopped on Ctrl-C, SIGTERM, SIGHUP, an uncaught exception or a failed start; on a
 * SIGKILL (which runs no code) by the launcher's watchdog at once, or, when that is gone too, by
 * the next start, which stops the server left behind on the same data directory and starts it
 * again. Never stopped: the server of a launcher still running, or a process that is not this
 * data directory's PostgreSQL.
 */
describe('npm start: the embedded PostgreSQL lives as long as the launcher', () => {
  let suite: EmbeddedSuite;
  let scratch: string;
  const others: ChildProcess[] = [];

  beforeAll(async () => {
    suite = await EmbeddedSuite.create('suite-lifecycle-');
    scratch = await mkdtemp(path.join(os.tmpdir(), 'suite-lifecycle-scratch-'));
  });

  // Each test on its own: nothing one leaves running decides the next.
  afterEach(() => suite.stopLeftovers());

  afterAll(async () => {
    for (const child of others) child.kill('SIGKILL');
    await suite?.cleanUp();
    await rm(scratch, { recursive: true, force: true });
  });

  it('after a SIGKILL of the launcher the server stops by itself, and the next start comes up', async () => {
    const first = suite.launch();
    await suite.ready(first, 90_000); // first start: initdb, migrations, bootstrap
    first.kill();
    await first.exited;
    await suite.databaseStopped();

    const second = suite.launch();
    await suite.ready(second);
    await expect(second.stop('SIGINT')).resolves.toMatchObject({ code: 0 });
    await suite.databaseStopped();
  });

  it('a server left running (launcher and watchdog SIGKILLed) is stopped and started again by the next start, data kept', async () => {
    const first = suite.launch();
    await suite.ready(first);
    await suite.query(
      "CREATE TABLE IF NOT EXISTS public.lifecycle_probe (note text); INSERT INTO public.lifecycle_probe VALUES ('kept')",
    );
    const stalePids = await suite.postgresPids();
    for (const pid of await suite.helperPids()) process.kill(pid, 'SIGKILL');
    first.kill();
    await first.exited;
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(suite.query('SELECT 1 AS up')).resolves.toEqual([{ up: 1 }]); // left behind, still running

    const second = suite.launch();
    await suite.ready(second);
    expect(second.stderr).toContain('stopped the embedded PostgreSQL an earlier launcher left running');
    const now = await suite.postgresPids();
    expect(now.filter((pid) => stalePids.includes(pid))).toEqual([]);
    await expect(suite.query('SELECT note FROM public.lifecycle_probe')).resolves.toEqual([{ note: 'kept' }]);

    // A second `npm start` on the same data directory must leave the running one alone.
    const intruder = suite.launch({ ports: await freeAppPorts() });
    await expect(intruder.exitWithin(30_000)).resolves.toMatchObject({ code: 1 });
    expect(intruder.stderr).toMatch(/in use by .*pid \d+/);
    await expect(suite.readiness()).resolves.toEqual([200, 200, 200, 200]);
    await expect(suite.postgresPids()).resolves.toEqual(now);

    await expect(second.stop('SIGINT')).resolves.toMatchObject({ code: 0 });
    await suite.databaseStopped();
  });

  it.each([
    ['SIGTERM', 0],
    ['SIGHUP', 0],
    ['an uncaught exception', 1],
  ] as const)('an exit on %s stops the server', async (cause, code) => {
    // A test-only preload: SIGUSR2 makes the launcher throw outside any promise chain.
    const preload = path.join(scratch, 'throw-on-sigusr2.js');
    await writeFile(preload, "process.on('SIGUSR2', () => setImmediate(() => { throw new Error('thrown by the test'); }));\n");
    const launcher = suite.launch({ nodeArgs: ['--require', preload] });
    await suite.ready(launcher);
    const exit = cause === 'an uncaught exception' ? launcher.stop('SIGUSR2') : launcher.stop(cause);
    await expect(exit).resolves.toMatchObject({ code });
    await suite.databaseStopped(5_000);
  });

  it('a start that fails after the server started stops it', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(suite.ports.WEBHOOK_DISPATCH_PORT, '127.0.0.1', resolve));
    try {
      const launcher = suite.launch();
      await expect(launcher.exitWithin(60_000)).resolves.toMatchObject({ code: 1 });
      expect(launcher.stderr).toContain('suite failed to start');
      await suite.databaseStopped(5_000);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('never stops a process that is not this data directory’s PostgreSQL', async () => {
    const pidFile = path.join(suite.clusterDir, 'postmaster.pid');
    // A plain process, and one named postgres running in another directory.
    const namedPostgres = path.join(scratch, 'postgres');
    await copyFile('/bin/sleep', namedPostgres);
    const strangers = [spawn('/bin/sleep', ['60']), spawn(namedPostgres, ['60'], { cwd: scratch })];
    others.push(...strangers);
    try {
      for (const stranger of strangers) {
        await writeFile(pidFile, `${stranger.pid}\n${suite.clusterDir}\n0\n${suite.pgPort}\n\n127.0.0.1\n`);
        const launcher = suite.launch();
        await expect(launcher.exitWithin(30_000)).resolves.toMatchObject({ code: 1 });
        expect(launcher.stderr).toContain(`names pid ${stranger.pid}`);
        expect(stranger.exitCode === null && stranger.signalCode === null).toBe(true);
        await expect(readFile(pidFile, 'utf8')).resolves.toContain(String(stranger.pid));
      }
    } finally {
      await rm(pidFile, { force: true });
    }
  });

  it('starts on a private data directory (0700), which the postgres OS user could not pass through', async () => {
    const private_ = await EmbeddedSuite.create('suite-private-');
    try {
      await chmod(private_.dataDir, 0o700);
      const launcher = private_.launch();
      await private_.ready(launcher, 90_000);
      await expect(launcher.stop('SIGINT')).resolves.toMatchObject({ code: 0 });
      // Others may pass through now, not list it: the secrets in it stay owner-only files.
      expect((await stat(private_.dataDir)).mode & 0o777).toBe(0o701);
    } finally {
      await private_.cleanUp();
    }
  });
});
