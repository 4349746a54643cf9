import { parseBrokerList } from './provide-kafka';

describe('parseBrokerList', () => {
  it('splits on commas and drops blanks', () => {
    expect(parseBrokerList(' 127.0.0.1:9092, 127.0.0.1:9093 ,,')).toEqual(['127.0.0.1:9092', '127.0.0.1:9093']);
    expect(parseBrokerList(undefined)).toEqual([]);
    expect(parseBrokerList('')).toEqual([]);
  });
});
