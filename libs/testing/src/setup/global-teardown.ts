import { finishAnswerRecording } from './answer-recording';
import { takeSuiteTestServices } from './global-state';

/**
 * Jest globalTeardown: checks the answers the apps gave against their OpenAPI documents, then
 * stops what global setup started (services from env have no-op stops) and fails the run if
 * either went wrong.
 */
export default async function globalTeardown(): Promise<void> {
  const services = takeSuiteTestServices();
  if (!services) return;
  const contract = services.answers ? await finishAnswerRecording(services.answers).catch((error: Error) => error) : null;
  const results = await Promise.allSettled(services.stops.map(({ stop }) => stop()));
  const failures = results.flatMap((result, i) =>
    result.status === 'rejected' ? [`${services.stops[i]!.name}: ${String(result.reason)}`] : [],
  );
  if (failures.length > 0) throw new Error(`Stopping test services failed:\n${failures.join('\n')}`);
  if (contract) throw contract;
}
