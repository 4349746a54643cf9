import type { ArgumentMetadata } from '@nestjs/common';
import { AppError } from '../errors/app-error';
import { createValidationPipe } from '../validation/request-validation';
import { PageQuery } from './page-query';
import { paginated } from './pagination';
import { success } from './success-envelope';

describe('success', () => {
  it('writes success, then message, then data — whichever are given', () => {
    expect(JSON.stringify(success({ data: [1], message: 'Done.' }))).toBe('{"success":true,"message":"Done.","data":[1]}');
    expect(JSON.stringify(success({ message: 'Team deleted successfully.' }))).toBe(
      '{"success":true,"message":"Team deleted successfully."}',
    );
    expect(JSON.stringify(success({ data: null }))).toBe('{"success":true,"data":null}');
  });
});

class Base {
  company_id?: string;
}
const LIMITS = { defaultPerPage: 15, maxPerPage: 30 };
class ListQuery extends PageQuery(LIMITS, Base) {}

async function validate(value: Record<string, string>): Promise<ListQuery | Record<string, string[]>> {
  const metadata: ArgumentMetadata = { type: 'query', metatype: ListQuery };
  try {
    return await createValidationPipe().transform(value, metadata);
  } catch (error) {
    if (error instanceof AppError) return error.fields;
    throw error;
  }
}

describe('PageQuery', () => {
  it('applies the endpoint default, converts the query strings and gives the offset', async () => {
    expect(((await validate({})) as ListQuery).pageRequest()).toEqual({ page: 1, perPage: 15, offset: 0 });
    expect(((await validate({ page: '3', per_page: '30' })) as ListQuery).pageRequest()).toEqual({
      page: 3,
      perPage: 30,
      offset: 60,
    });
  });

  it.each([
    ['per_page over the maximum', { per_page: '31' }, 'per_page'],
    ['per_page 0', { per_page: '0' }, 'per_page'],
    ['a fractional per_page', { per_page: '1.5' }, 'per_page'],
    ['page 0', { page: '0' }, 'page'],
    ['a page past any list', { page: '1000001' }, 'page'],
  ])('refuses %s with 400 naming the field', async (_what, query, field) => {
    expect(Object.keys(await validate(query))).toEqual([field]);
  });

  it('refuses limits that contradict each other when the DTO is declared', () => {
    expect(() => PageQuery({ defaultPerPage: 50, maxPerPage: 30 })).toThrow('must be from 1 to the maximum (30)');
  });
});

describe('paginated', () => {
  const page = (n: number, perPage = 15) => ({ page: n, perPage, offset: (n - 1) * perPage });

  it("builds the spec's pagination: total, current_page, per_page, last_page, from, to", () => {
    expect(paginated(['a', 'b'], 17, page(2))).toEqual({
      records: ['a', 'b'],
      pagination: { total: 17, current_page: 2, per_page: 15, last_page: 2, from: 16, to: 17 },
    });
    expect(paginated(Array(15).fill('x'), 45, page(1)).pagination).toEqual({
      total: 45,
      current_page: 1,
      per_page: 15,
      last_page: 3,
      from: 1,
      to: 15,
    });
  });

  it('gives an empty page last_page 1 (an empty list) or the real last page, and null from/to', () => {
    expect(paginated([], 0, page(1)).pagination).toEqual({
      total: 0,
      current_page: 1,
      per_page: 15,
      last_page: 1,
      from: null,
      to: null,
    });
    expect(paginated([], 20, page(5, 10)).pagination).toMatchObject({ last_page: 2, from: null, to: null });
  });
});
