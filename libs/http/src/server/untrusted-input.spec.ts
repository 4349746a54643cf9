import { describeInputProblem, inspectUntrusted, textProblem } from './untrusted-input';

describe('untrusted input', () => {
  it('passes well-formed text, emoji (a surrogate pair) and every other JSON value', () => {
    expect(textProblem('Hello 👋 — ü')).toBeNull();
    expect(inspectUntrusted({ a: 'x', b: [1, true, null, { c: '👋' }], d: 1e308 })).toBeNull();
  });

  it('finds a NUL and a lone surrogate, in values and in keys, with the field path', () => {
    expect(inspectUntrusted({ message: 'a\u0000b' })).toEqual({ kind: 'nul', path: 'message', inKey: false });
    expect(inspectUntrusted({ list: ['ok', '\ud800'] })).toEqual({ kind: 'lone_surrogate', path: 'list.1', inKey: false });
    expect(inspectUntrusted({ a: { '\udc00x': 1 } })).toEqual({ kind: 'lone_surrogate', path: 'a.\ufffdx', inKey: true });
    expect(inspectUntrusted({ 'k\u0000': 1 })).toEqual({ kind: 'nul', path: 'k\\u0000', inKey: true });
    // The high surrogate of a pair cut in half by the end of the string.
    expect(textProblem('emoji \ud83d')).toBe('lone_surrogate');
  });

  it('prefixes paths with a root (a query parameter name)', () => {
    expect(inspectUntrusted('a\u0000', undefined, 'to')).toEqual({ kind: 'nul', path: 'to', inKey: false });
  });

  it('refuses nesting over the depth limit without recursing, however deep the value is', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(inspectUntrusted(deep, { maxDepth: 32, maxNodes: 1_000_000 })).toMatchObject({ kind: 'too_deep' });
    let ok: unknown = 'leaf';
    for (let i = 0; i < 32; i++) ok = { a: ok };
    expect(inspectUntrusted(ok, { maxDepth: 32, maxNodes: 1000 })).toBeNull();
    expect(inspectUntrusted({ a: ok }, { maxDepth: 32, maxNodes: 1000 })).toMatchObject({
      kind: 'too_deep',
      path: 'a'.repeat(32).split('').join('.'),
    });
  });

  it('refuses more values than the node limit', () => {
    expect(inspectUntrusted(new Array(101).fill(0), { maxDepth: 32, maxNodes: 100 })).toMatchObject({ kind: 'too_many_nodes' });
    expect(inspectUntrusted(new Array(99).fill(0), { maxDepth: 32, maxNodes: 100 })).toBeNull();
  });

  it('says what is wrong and where', () => {
    expect(describeInputProblem({ kind: 'nul', path: 'name', inKey: false })).toBe(
      'name must not contain NUL characters (\\u0000).',
    );
    expect(describeInputProblem({ kind: 'lone_surrogate', path: 'x', inKey: true })).toMatch(
      /^The property name x must be well-formed Unicode/,
    );
  });
});
