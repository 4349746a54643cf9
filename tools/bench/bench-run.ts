import os from 'node:os';
import { TestTokenIssuer } from '@suite/testing';
import { provideBenchServices, type BenchServices } from './bench-services';

/** What a bench that measures an app against PostgreSQL and Kafka gets from `runBench`. */
export interface BenchRun {
  services: BenchServices & { brokers: string[] };
  /** A token issuer the app under test trusts (its `AUTH_ISSUER` / `AUTH_JWKS_URL`). */
  tokens: TestTokenIssuer;
  /** Run in order when the bench ends, however it ends: add with `unshift` so the last started stops first. */
  stops: Array<() => Promise<unknown>>;
  /** Problems that make the exit code 1; goals missed are printed, not listed here. */
  errors: string[];
}

/**
 * The frame of `bench:webhooks` and `bench:crm`: a hard time limit (exit 2), PostgreSQL and Kafka
 * (`provideBenchServices`), the machine line, a token issuer, then `body`; everything stopped in
 * reverse order whatever happens, the time taken and the errors printed, exit 0 or 1.
 */
export function runBench(name: string, hardLimitMs: number, body: (run: BenchRun) => Promise<void>): void {
  const main = async (): Promise<number> => {
    const hardLimit = setTimeout(() => {
      console.error(`${name}: exceeded ${hardLimitMs / 1000} s, aborting`);
      process.exit(2);
    }, hardLimitMs);
    hardLimit.unref();
    const started = Date.now();
    const stops: BenchRun['stops'] = [];
    const errors: string[] = [];
    try {
      const services = await provideBenchServices(true, name.replace(/-/g, '_'));
      stops.unshift(() => services.cleanup());
      const brokers = services.brokers;
      if (!brokers) throw new Error(`${name} needs Kafka`);
      console.log(`${name}: ${machineLine()}; ${services.describe}`);
      const tokens = await TestTokenIssuer.start();
      stops.unshift(() => tokens.stop());
      await body({ services: { ...services, brokers }, tokens, stops, errors });
    } catch (error) {
      errors.push(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    } finally {
      for (const stop of stops) await stop().catch((error: unknown) => console.error(`${name}: cleanup: ${String(error)}`));
      clearTimeout(hardLimit);
    }
    console.log(`\n${name}: done in ${Math.round((Date.now() - started) / 1000)} s`);
    for (const error of errors) console.error(`\n  !!! ${error}`);
    return errors.length === 0 ? 0 : 1;
  };
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`${name} failed: ${error instanceof Error ? error.stack : String(error)}`);
      process.exit(1);
    },
  );
}

function machineLine(): string {
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown'}), node ${process.version}, load average ${load} at start`;
}
