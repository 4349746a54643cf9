import { WakeSignal } from '@suite/database';
import { errorMessage, withTimeout } from '../support/sleep';
import type { EventTransport, TransportHealth } from '../transport/event-transport.port';

/** The last answer of the transport's health check, and when it came (null: none yet). */
export type WatchedTransportHealth = TransportHealth & { readonly checkedAt: string | null };

export interface TransportWatchOptions {
  /** Pause between two checks. */
  intervalMs: number;
  /** One check's bound: a check that has not answered by then counts as "down". */
  timeoutMs: number;
  /** Every answer, for the `eventing_transport_up` gauge. */
  onCheck?: (up: boolean) => void;
}

/**
 * Checks the transport in the background and keeps the last answer, so a probe reads memory and
 * never waits on a broker: a frozen broker lets a metadata request hang for its whole timeout, far
 * longer than Kubernetes waits for a probe (decision 0039). The answer is at most
 * `intervalMs + timeoutMs` old; `checkedAt` says how old.
 */
export class TransportWatch {
  private last: WatchedTransportHealth;
  private loop: Promise<void> | null = null;
  private stopped = false;
  private readonly stopSignal = new WakeSignal();

  constructor(
    private readonly transport: Pick<EventTransport, 'kind' | 'healthCheck'>,
    private readonly options: TransportWatchOptions,
  ) {
    this.last = { up: false, kind: transport.kind, checkedAt: null, error: 'not checked yet' };
  }

  current(): WatchedTransportHealth {
    return this.last;
  }

  start(): void {
    if (this.loop || this.stopped) return;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopSignal.notify();
    await this.loop;
  }

  /** One check now (tests; the loop calls it too). Never rejects. */
  async check(): Promise<WatchedTransportHealth> {
    const health = await withTimeout(this.transport.healthCheck(), this.options.timeoutMs, 'transport health check').catch(
      (error: unknown): TransportHealth => ({ up: false, kind: this.transport.kind, error: errorMessage(error) }),
    );
    this.last = { ...health, checkedAt: new Date().toISOString() };
    this.options.onCheck?.(health.up);
    return this.last;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      await this.check();
      await this.stopSignal.wait(this.options.intervalMs);
    }
  }
}
