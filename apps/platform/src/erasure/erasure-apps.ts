import type { ContactErasureEntity } from './contact-erasure.entity';

/** The apps that hold a CRM contact's data, in the order the erasure reaches them. Auth holds none (docs/privacy.md). */
export const ERASURE_APPS = ['platform', 'messaging', 'webhook-dispatch'] as const;
export type ErasureApp = (typeof ERASURE_APPS)[number];

export const ERASURE_STATES = ['pending', 'erased'] as const;
export type ErasureState = (typeof ERASURE_STATES)[number];

export interface AppErasure {
  app: ErasureApp;
  state: ErasureState;
  erasedAt: Date | null;
}

type ErasureProgress = Pick<ContactErasureEntity, 'requestedAt' | 'messagingErasedAt' | 'webhookDispatchErasedAt'>;

/** Where each app stands: the platform's part is done with the request itself. */
export function appErasures(erasure: ErasureProgress): AppErasure[] {
  const at: Record<ErasureApp, Date | null> = {
    platform: erasure.requestedAt,
    messaging: erasure.messagingErasedAt,
    'webhook-dispatch': erasure.webhookDispatchErasedAt,
  };
  return ERASURE_APPS.map((app) => ({ app, state: at[app] ? 'erased' : 'pending', erasedAt: at[app] }));
}

/** Done when every app has reported. */
export const erasureComplete = (erasure: ErasureProgress): boolean => appErasures(erasure).every((app) => app.state === 'erased');
