import { childTraceparent, isValidTraceparent, runWithTraceContext, currentTraceparent, traceIdOf } from './trace-context';

describe('trace context', () => {
  it('continues a valid parent trace with a fresh span id', () => {
    const parent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const child = childTraceparent(parent);
    expect(isValidTraceparent(child)).toBe(true);
    expect(traceIdOf(child)).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(child).not.toBe(parent);
  });

  it('starts a new trace for a missing or invalid parent, never reusing ids', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i += 1) {
      const id = childTraceparent(i % 2 ? 'garbage' : null);
      expect(isValidTraceparent(id)).toBe(true);
      seen.add(id);
    }
    expect(seen.size).toBe(2000);
  });

  it('refuses all-zero ids and exposes the current context', () => {
    expect(isValidTraceparent('00-00000000000000000000000000000000-b7ad6b7169203331-01')).toBe(false);
    expect(isValidTraceparent('00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01')).toBe(false);
    expect(currentTraceparent()).toBeNull();
    const traceparent = childTraceparent();
    expect(runWithTraceContext({ traceparent }, () => currentTraceparent())).toBe(traceparent);
  });
});
