import { takeSuiteTestServices } from './global-state';

/** Jest globalTeardown: stops what global setup started (services from env have no-op stops). */
export default async function globalTeardown(): Promise<void> {
  const services = takeSuiteTestServices();
  if (!services) return;
  const results = await Promise.allSettled(services.stops.map(({ stop }) => stop()));
  const failures = results.flatMap((result, i) =>
    result.status === 'rejected' ? [`${services.stops[i]!.name}: ${String(result.reason)}`] : [],
  );
  if (failures.length > 0) throw new Error(`Stopping test services failed:\n${failures.join('\n')}`);
}
