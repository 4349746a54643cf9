import { quoteIdentifier, quoteTableName } from './sql-identifier';

describe('quoteIdentifier', () => {
  it.each([
    ['sent_at', '"sent_at"'],
    ['_x1', '"_x1"'],
    ['user', '"user"'],
  ])('quotes %s as %s', (name, quoted) => {
    expect(quoteIdentifier(name)).toBe(quoted);
  });

  it.each(['', 'Sent_at', '1col', 'a b', 'a"b', 'a;drop', 'a-b', 'x'.repeat(64), 'sent_at\n'])('rejects %p', (name) => {
    expect(() => quoteIdentifier(name)).toThrow(TypeError);
  });
});

describe('quoteTableName', () => {
  it.each([
    ['messages', '"messages"'],
    ['messaging.messages', '"messaging"."messages"'],
    ['"messaging"."messages"', '"messaging"."messages"'],
    ['"messaging".messages', '"messaging"."messages"'],
  ])('normalises %s to %s', (table, quoted) => {
    expect(quoteTableName(table)).toBe(quoted);
  });

  it.each([
    'a.b.c',
    '"messaging.messages"',
    '"messaging',
    'messaging"',
    '"',
    '""',
    'messaging."Messages"',
    'messaging.messages; drop table x',
    'messaging.',
  ])('rejects %p', (table) => {
    expect(() => quoteTableName(table)).toThrow(TypeError);
  });
});
