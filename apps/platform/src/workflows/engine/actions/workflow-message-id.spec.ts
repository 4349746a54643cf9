import { messageIdForKey, stepIdempotencyKey } from './workflow-message-id';

describe('a step’s message id', () => {
  it('is a UUID derived from the step’s key: the same key always, another key never', () => {
    const key = stepIdempotencyKey('12', 3);
    expect(key).toBe('wf:12:3');
    expect(messageIdForKey(key)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(messageIdForKey(key)).toBe(messageIdForKey('wf:12:3'));
    expect(messageIdForKey(stepIdempotencyKey('12', 4))).not.toBe(messageIdForKey(key));
    expect(messageIdForKey(stepIdempotencyKey('1', 23))).not.toBe(messageIdForKey(stepIdempotencyKey('12', 3)));
  });
});
