import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findJava } from '../util/find-executable';
import { findFreePorts } from '../util/free-port';
import { isPortOpen } from '../util/port-probe';
import { killOnProcessExit } from '../util/process-reaper';
import { readTail } from '../util/read-tail';
import { runCommand } from '../util/run-command';
import { sleep } from '../util/sleep';
import { randomKafkaClusterId } from './cluster-id';
import { DEFAULT_KAFKA_VERSION, ensureKafkaJars } from './kafka-jars';
import { KAFKA_STARTED_MESSAGE, renderLog4jProperties, renderServerProperties } from './server-properties';

export interface KafkaBrokerOptions {
  /** Kafka version to fetch with Maven (ignored when `jarsDir` is given). Default 3.9.1. */
  version?: string;
  /** Directory of broker jars; default: ensureKafkaJars(version). */
  jarsDir?: string;
  /** Client (PLAINTEXT) port on 127.0.0.1; default: a free port. */
  port?: number;
  /** KRaft controller port on 127.0.0.1; default: a free port. */
  controllerPort?: number;
  /** Extra or overriding server.properties entries. */
  properties?: Record<string, string | number | boolean>;
  /** JVM options before the main class; default a 256–512 MB heap and fast-start flags. */
  jvmOptions?: string[];
  /** How long to wait for the broker to be ready. Default 90 s. */
  startTimeoutMs?: number;
  /** How long to wait after SIGTERM before SIGKILL. Default 30 s. */
  stopTimeoutMs?: number;
}

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface RunningProcess {
  child: ChildProcess;
  exited: Promise<Exit>;
  hasExited: () => boolean;
  releaseReaper: () => void;
}

const HOST = '127.0.0.1';
const DEFAULT_JVM_OPTIONS = [
  '-Xmx512m',
  '-Xms256m',
  // C1 only and serial GC: the JVM is up sooner, and tests never run long enough to profit from C2.
  '-XX:TieredStopAtLevel=1',
  '-XX:+UseSerialGC',
  // No /tmp/hsperfdata_<user>/<pid> file (nothing here uses jstat).
  '-XX:-UsePerfData',
  '-Djava.awt.headless=true',
];

/**
 * A single-node Apache Kafka (KRaft, broker+controller in one JVM) run from Maven-resolved
 * jars with the machine's Java, for integration tests. Everything it writes (config, data,
 * its log `kafka.log`) lives in one fresh directory under os.tmpdir(); destroy() removes it.
 *
 * stop()/restart() keep ports and data, so a test can take "Kafka" away and bring it back.
 * freeze()/thaw() stop the JVM without ending it (SIGSTOP/SIGCONT): the broker hangs rather than
 * goes away — its port still accepts connections (the kernel's backlog), nothing answers.
 */
export class KafkaBroker {
  private running?: RunningProcess;
  private frozen = false;

  private constructor(
    private readonly java: string,
    private readonly jarsDir: string,
    readonly port: number,
    readonly controllerPort: number,
    /** Directory with server.properties, log4j.properties, kafka.log and data/. */
    readonly workDir: string,
    private readonly jvmOptions: string[],
    private readonly startTimeoutMs: number,
    private readonly stopTimeoutMs: number,
  ) {}

  static async start(options: KafkaBrokerOptions = {}): Promise<KafkaBroker> {
    const java = findJava();
    if (!java) throw new Error('Cannot start a Kafka broker: `java` not found (set JAVA_HOME or put a JDK 17+ on PATH).');
    const jarsDir = options.jarsDir ?? (await ensureKafkaJars(options.version ?? DEFAULT_KAFKA_VERSION));
    const [port, controllerPort] = await resolvePorts(options.port, options.controllerPort);
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'suite-kafka-'));
    const broker = new KafkaBroker(
      java,
      jarsDir,
      port,
      controllerPort,
      workDir,
      options.jvmOptions ?? DEFAULT_JVM_OPTIONS,
      options.startTimeoutMs ?? 90_000,
      options.stopTimeoutMs ?? 30_000,
    );
    try {
      await writeFile(
        broker.serverPropertiesFile,
        renderServerProperties({ port, controllerPort, host: HOST, logDir: broker.dataDir, overrides: options.properties }),
      );
      await writeFile(broker.log4jFile, renderLog4jProperties());
      await broker.formatStorage();
      await broker.launch();
      return broker;
    } catch (error) {
      await broker.destroy().catch(() => undefined);
      throw error;
    }
  }

  /** Bootstrap servers for clients, e.g. ['127.0.0.1:40123']. */
  get brokers(): string[] {
    return [`${HOST}:${this.port}`];
  }

  get logFile(): string {
    return path.join(this.workDir, 'kafka.log');
  }

  get isRunning(): boolean {
    return !!this.running && !this.running.hasExited();
  }

  private get dataDir(): string {
    return path.join(this.workDir, 'data');
  }

  private get serverPropertiesFile(): string {
    return path.join(this.workDir, 'server.properties');
  }

  private get log4jFile(): string {
    return path.join(this.workDir, 'log4j.properties');
  }

  private get classpath(): string {
    return path.join(this.jarsDir, '*');
  }

  /** SIGSTOP to the broker's JVM: every request hangs until thaw(), as a broker stuck in a GC pause or a frozen VM. */
  freeze(): void {
    const running = this.running;
    if (!running || running.hasExited() || !running.child.pid) throw new Error('KafkaBroker.freeze(): the broker is not running');
    process.kill(running.child.pid, 'SIGSTOP');
    this.frozen = true;
  }

  /** SIGCONT: the broker goes on where it stopped (its timers, session expiries included, fire at once). */
  thaw(): void {
    const running = this.running;
    if (!this.frozen || !running?.child.pid || running.hasExited()) return;
    process.kill(running.child.pid, 'SIGCONT');
    this.frozen = false;
  }

  /** SIGTERM (Kafka shuts down cleanly, keeping its data), SIGKILL if it takes too long. */
  async stop(): Promise<void> {
    // A frozen JVM would not act on SIGTERM until the kill timeout.
    this.thaw();
    const running = this.running;
    if (!running) return;
    this.running = undefined;
    try {
      if (!running.hasExited()) {
        running.child.kill('SIGTERM');
        // A pending timer would keep node (and jest) alive for the whole timeout, so clear it.
        let timer: NodeJS.Timeout | undefined;
        const timedOut = await Promise.race([
          running.exited.then(() => false),
          new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), this.stopTimeoutMs))),
        ]);
        clearTimeout(timer);
        if (timedOut) {
          running.child.kill('SIGKILL');
          await running.exited;
        }
      }
    } finally {
      running.releaseReaper();
    }
  }

  /** stop() then start again on the same ports with the same data. */
  async restart(): Promise<void> {
    await this.stop();
    await this.launch();
  }

  /** stop() and delete the work directory (data and log). */
  async destroy(): Promise<void> {
    try {
      await this.stop();
    } finally {
      await rm(this.workDir, { recursive: true, force: true });
    }
  }

  private async formatStorage(): Promise<void> {
    const result = await runCommand(
      this.java,
      [
        `-Dlog4j.configuration=file:${this.log4jFile}`,
        '-cp',
        this.classpath,
        'kafka.tools.StorageTool',
        'format',
        '-t',
        randomKafkaClusterId(),
        '-c',
        this.serverPropertiesFile,
      ],
      { cwd: this.workDir, timeoutMs: 60_000 },
    );
    if (result.code !== 0) {
      throw new Error(`kafka-storage format failed (exit ${result.code ?? result.signal}):\n${result.output.trim()}`);
    }
  }

  private async launch(): Promise<void> {
    // Readiness is judged only on what this launch appends (restart() reuses the log file).
    const logOffset = await stat(this.logFile).then(
      (s) => s.size,
      () => 0,
    );
    const logFd = openSync(this.logFile, 'a');
    let child: ChildProcess;
    try {
      child = spawn(
        this.java,
        [
          ...this.jvmOptions,
          `-Dlog4j.configuration=file:${this.log4jFile}`,
          '-cp',
          this.classpath,
          'kafka.Kafka',
          this.serverPropertiesFile,
        ],
        { cwd: this.workDir, stdio: ['ignore', logFd, logFd] },
      );
    } finally {
      closeSync(logFd); // the child has its own copy
    }
    let exit: Exit | undefined;
    const exited = new Promise<Exit>((resolve) => {
      child.once('exit', (code, signal) => resolve((exit = { code, signal })));
      child.once('error', (error) => {
        // Spawn failure: no 'exit' follows.
        void writeFile(this.logFile, `spawn failed: ${error.message}\n`, { flag: 'a' });
        resolve((exit = { code: null, signal: null }));
      });
    });
    // An unref'd child does not keep node (and so jest) alive; the reaper kills it on exit.
    child.unref();
    const releaseReaper = child.pid
      ? killOnProcessExit(child.pid, { signal: 'SIGKILL', removeDir: this.workDir })
      : () => undefined;
    this.running = { child, exited, hasExited: () => exit !== undefined, releaseReaper };

    try {
      await this.waitUntilReady(logOffset, () => exit);
    } catch (error) {
      await this.stop().catch(() => undefined);
      throw error;
    }
  }

  private async waitUntilReady(logOffset: number, exitStatus: () => Exit | undefined): Promise<void> {
    const deadline = Date.now() + this.startTimeoutMs;
    const logWatcher = new LogWatcher(this.logFile, logOffset);
    for (;;) {
      const exit = exitStatus();
      if (exit) {
        throw new Error(
          `Kafka broker exited during startup (code ${exit.code}, signal ${exit.signal}). End of its log:\n${await readTail(this.logFile)}`,
        );
      }
      if ((await logWatcher.contains(KAFKA_STARTED_MESSAGE)) && (await isPortOpen(HOST, this.port))) return;
      if (Date.now() > deadline) {
        throw new Error(
          `Kafka broker on ${HOST}:${this.port} not ready after ${this.startTimeoutMs} ms (waiting for "${KAFKA_STARTED_MESSAGE}" and the port). ` +
            `End of its log:\n${await readTail(this.logFile)}`,
        );
      }
      await sleep(100);
    }
  }
}

async function resolvePorts(port?: number, controllerPort?: number): Promise<[number, number]> {
  const free = await findFreePorts(3);
  const chosenPort = port ?? free.find((p) => p !== controllerPort)!;
  const chosenController = controllerPort ?? free.find((p) => p !== chosenPort)!;
  if (chosenPort === chosenController) throw new Error(`Kafka port and controller port must differ (both ${chosenPort}).`);
  return [chosenPort, chosenController];
}

/** Incrementally reads a growing log file from an offset, looking for a marker string. */
class LogWatcher {
  private position: number;
  private carry = '';
  private found = false;

  constructor(
    private readonly file: string,
    offset: number,
  ) {
    this.position = offset;
  }

  async contains(marker: string): Promise<boolean> {
    if (this.found) return true;
    const handle = await open(this.file, 'r').catch(() => undefined);
    if (!handle) return false;
    try {
      const { size } = await handle.stat();
      if (size <= this.position) return false;
      const buffer = Buffer.alloc(size - this.position);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, this.position);
      this.position += bytesRead;
      const text = this.carry + buffer.subarray(0, bytesRead).toString('utf8');
      this.found = text.includes(marker);
      // Keep a tail in case the marker straddles two reads.
      this.carry = text.slice(-marker.length);
      return this.found;
    } finally {
      await handle.close();
    }
  }
}
