import { readEnum, readInteger, readReference, readTag, readText } from './config-values';

describe('readText', () => {
  it('trims and bounds text', () => {
    expect(readText('  hi  ', 5)).toEqual({ ok: true, value: 'hi' });
    expect(readText('abcdef', 5)).toEqual({ ok: false, message: 'must be at most 5 characters.' });
  });

  it('refuses non-strings, NUL and lone surrogates', () => {
    expect(readText(42, 5).ok).toBe(false);
    expect(readText(['a'], 5).ok).toBe(false);
    expect(readText('a\u0000b', 5)).toEqual({ ok: false, message: 'must not contain NUL characters.' });
    expect(readText('a\ud800', 5).ok).toBe(false);
  });
});

describe('readTag', () => {
  it('accepts a trimmed tag of 1 to 100 characters', () => {
    expect(readTag('  VIP ')).toEqual({ ok: true, value: 'VIP' });
    expect(readTag('x'.repeat(100)).ok).toBe(true);
  });

  it.each([['   '], ['x'.repeat(101)], ['a\tb'], ['a\u0085b'], [7], [null]])('refuses %j', (value) => {
    expect(readTag(value).ok).toBe(false);
  });
});

describe('readInteger', () => {
  it('reads numbers and numeric strings as numbers', () => {
    expect(readInteger(30, 5, 1440)).toEqual({ ok: true, value: 30 });
    expect(readInteger(' 30 ', 5, 1440)).toEqual({ ok: true, value: 30 });
  });

  it.each([[4], [1441], [1.5], [1e308], [Number.NaN], ['3e2'], [true], [{}]])('refuses %p', (value) => {
    expect(readInteger(value, 5, 1440).ok).toBe(false);
  });
});

describe('readEnum', () => {
  it('takes only a listed option', () => {
    expect(readEnum('any', ['all', 'any'])).toEqual({ ok: true, value: 'any' });
    expect(readEnum('ANY', ['all', 'any']).ok).toBe(false);
    expect(readEnum(['any'], ['all', 'any']).ok).toBe(false);
  });
});

describe('readReference', () => {
  it('normalises numbers, decimal strings and base64 ids to the decimal string', () => {
    expect(readReference(42, 'pipeline')).toEqual({ ok: true, value: '42' });
    expect(readReference('0042', 'stage')).toEqual({ ok: true, value: '42' });
    expect(readReference('NDI=', 'user')).toEqual({ ok: true, value: '42' });
    expect(readReference('NDI', 'list')).toEqual({ ok: true, value: '42' });
  });

  it.each([[0], [-1], [1.5], [1e308], ['abc!'], ['99999999999999999999'], [''], [{}], [null]])('refuses %p', (value) => {
    expect(readReference(value, 'pipeline')).toEqual({ ok: false, message: 'must be a pipeline id.' });
  });

  it('keeps email domain ids (UUIDs of messaging) as given, trimmed', () => {
    const id = '3f1c7a52-8a3e-4c63-9f3b-2a7d1c6e9b10';
    expect(readReference(` ${id} `, 'email_domain')).toEqual({ ok: true, value: id });
    expect(readReference('x'.repeat(65), 'email_domain').ok).toBe(false);
    expect(readReference('a b', 'email_domain').ok).toBe(false);
    expect(readReference(42, 'email_domain').ok).toBe(false);
  });
});
