import { inlineValues } from './inline-values';

describe('inlineValues', () => {
  it('replaces each $n by its value: integers as they are, plain strings quoted', () => {
    expect(inlineValues('SELECT $1, $2 LIMIT $2 OFFSET $10', ['a.b-c:"d"', 16])).toBe(
      `SELECT 'a.b-c:"d"', 16 LIMIT 16 OFFSET $10`,
    );
  });

  it('refuses anything that could end the literal or is not an integer', () => {
    expect(() => inlineValues('SELECT $1', ["x'; DROP TABLE jobs; --"])).toThrow(TypeError);
    expect(() => inlineValues('SELECT $1', ['a\\b'])).toThrow(TypeError);
    expect(() => inlineValues('SELECT $1', [1.5])).toThrow(TypeError);
    expect(() => inlineValues('SELECT $2', ['a'])).toThrow(TypeError);
  });
});
