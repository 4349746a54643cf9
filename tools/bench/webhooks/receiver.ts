import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type {
  ReceiptDump,
  ReceiverAnswer,
  ReceiverBehaviour,
  ReceiverCommand,
  ReceiverCounts,
  ReceiverReply,
} from './receiver-protocol';

type Command = ReceiverCommand extends infer C ? (C extends { id: number } ? Omit<C, 'id'> : never) : never;

/** The driver's handle on the receiver process (receiver-process.ts). */
export class Receiver {
  private nextId = 1;
  private readonly pending = new Map<number, (reply: ReceiverAnswer) => void>();

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    private readonly killOnExit: () => void,
  ) {
    child.on('message', (reply: ReceiverReply) => {
      if (reply.kind === 'done') this.pending.get(reply.id)?.(reply);
    });
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** Forks the receiver and resolves with its URL (http://127.0.0.1:port) once it listens. */
  static async start(): Promise<Receiver> {
    const child = fork(path.join(__dirname, 'receiver-process.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const killOnExit = () => child.kill('SIGKILL');
    process.on('exit', killOnExit);
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the receiver did not start in 10 s')), 10_000);
      child.once('exit', (code) => reject(new Error(`the receiver exited with code ${code}`)));
      child.on('message', (reply: ReceiverReply) => {
        if (reply.kind === 'ready') {
          clearTimeout(timer);
          resolve(reply.port);
        }
      });
    });
    return new Receiver(child, `http://127.0.0.1:${port}`, killOnExit);
  }

  behave(path: string, behaviour: ReceiverBehaviour): Promise<void> {
    return this.call({ kind: 'behave', path, behaviour }).then(() => undefined);
  }

  reset(): Promise<void> {
    return this.call({ kind: 'reset' }).then(() => undefined);
  }

  async counts(): Promise<ReceiverCounts> {
    return (await this.call({ kind: 'count' })).counts!;
  }

  async dump(): Promise<ReceiptDump> {
    return (await this.call({ kind: 'dump' })).dump!;
  }

  /** Closes the connections of the requests left hanging, so their senders see an error now. */
  release(): Promise<void> {
    return this.call({ kind: 'release' }).then(() => undefined);
  }

  async stop(): Promise<void> {
    process.removeListener('exit', this.killOnExit);
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    await this.release().catch(() => undefined);
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.disconnect();
    const force = setTimeout(() => this.child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(force);
  }

  private call(command: Command): Promise<ReceiverAnswer> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`the receiver did not answer ${command.kind} in 30 s`));
      }, 30_000);
      this.pending.set(id, (reply) => {
        clearTimeout(timer);
        this.pending.delete(id);
        resolve(reply);
      });
      this.child.send({ ...command, id });
    });
  }
}
