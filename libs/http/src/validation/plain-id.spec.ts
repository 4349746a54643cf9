import { decodePlainId } from './plain-id';

describe('decodePlainId', () => {
  it('decodes the numeric and base64 spellings, and nothing else', () => {
    expect(decodePlainId('42')).toBe('42');
    expect(decodePlainId('NDI=')).toBe('42');
    expect(decodePlainId('enc_abc')).toBeNull();
    expect(decodePlainId('0')).toBeNull();
    expect(decodePlainId('')).toBeNull();
  });
});
