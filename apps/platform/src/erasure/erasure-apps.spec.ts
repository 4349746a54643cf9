import { appErasures, erasureComplete } from './erasure-apps';

describe('appErasures', () => {
  const requestedAt = new Date('2026-11-27T10:00:00Z');
  const later = new Date('2026-11-27T10:00:05Z');

  it('shows the platform erased with the request and the other apps pending until they report', () => {
    const progress = { requestedAt, messagingErasedAt: null, webhookDispatchErasedAt: null };
    expect(appErasures(progress)).toEqual([
      { app: 'platform', state: 'erased', erasedAt: requestedAt },
      { app: 'messaging', state: 'pending', erasedAt: null },
      { app: 'webhook-dispatch', state: 'pending', erasedAt: null },
    ]);
    expect(erasureComplete(progress)).toBe(false);
  });

  it('is complete only when every app has reported', () => {
    expect(erasureComplete({ requestedAt, messagingErasedAt: later, webhookDispatchErasedAt: null })).toBe(false);
    expect(erasureComplete({ requestedAt, messagingErasedAt: later, webhookDispatchErasedAt: later })).toBe(true);
  });
});
