import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { newEvent, type EventingRuntime } from '@suite/eventing';
import { systemClock, type Clock } from '@suite/time';
import { CredentialUsageRecorder, type CredentialUse, type CredentialUsageWriter } from './credential-usage.recorder';

/** `credential.used` on `authz.credential_usage.v1`, keyed by the credential. */
export const credentialUsed = (use: CredentialUse) =>
  newEvent('credential.used', {
    companyId: use.companyId,
    subject: use.credentialId,
    data: {
      credential_id: use.credentialId,
      kind: use.kind,
      company_id: use.companyId,
      used_at: use.usedAt.toISOString(),
      app: use.app,
    },
  });

/** A short transaction of its own holding only the outbox row: durable, and published by the app's relay. */
export const outboxCredentialUsageWriter =
  (dataSource: DataSource, eventing: EventingRuntime): CredentialUsageWriter =>
  async (use) => {
    await dataSource.transaction((manager) => eventing.outbox.append(manager, credentialUsed(use)));
  };

/**
 * The app's recorder, or null when the app runs without eventing (a unit test's module): then
 * uses are simply not reported.
 */
export function createCredentialUsageRecorder(
  dataSource: DataSource,
  clock: Clock | undefined,
  eventing: EventingRuntime | undefined,
): CredentialUsageRecorder | null {
  if (!eventing) return null;
  const app = eventing.config.appName;
  const logger = new Logger(`CredentialUsage:${app}`);
  return new CredentialUsageRecorder({
    app,
    write: outboxCredentialUsageWriter(dataSource, eventing),
    clock: clock ?? systemClock,
    logger: { error: (message, context) => logger.error({ msg: message, ...context }) },
  });
}
