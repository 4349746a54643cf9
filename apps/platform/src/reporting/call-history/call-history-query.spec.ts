import { escapeLike } from './call-history-query';

describe('escapeLike', () => {
  it('escapes LIKE wildcards and the escape character, nothing else', () => {
    expect(escapeLike('100%_\\x')).toBe('100\\%\\_\\\\x');
    expect(escapeLike('+14155550100')).toBe('+14155550100');
  });
});
