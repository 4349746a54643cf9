import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsPageNumber } from '../validation/validators';

/** A list's page size: its default and maximum, per endpoint (the spec gives them per endpoint). */
export interface PageLimits {
  defaultPerPage: number;
  maxPerPage: number;
}

/** The page a request asks for, defaults applied. */
export interface PageRequest {
  /** 1-based. */
  page: number;
  perPage: number;
  /** Rows before the page: `skip` for TypeORM, OFFSET in SQL. */
  offset: number;
}

export interface PageQueryFields {
  page?: number;
  per_page?: number;
  /** `page` and `per_page` with the endpoint's defaults. */
  pageRequest(): PageRequest;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the mixin pattern's constructor type
type Constructor<T = object> = new (...args: any[]) => T;

/**
 * The query of a paginated list, as one DTO that knows its endpoint's limits: `page` (from 1,
 * default 1) and `per_page` (1 to `maxPerPage`, default `defaultPerPage`), documented and
 * validated like every query field; `pageRequest()` gives them with the defaults applied. Pass a
 * base to add them to another query (a list that also accepts `company_id`):
 *
 *   export const SPAM_NUMBERS_PAGE = { defaultPerPage: 15, maxPerPage: 100 };
 *   export class ListSpamNumbersQuery extends PageQuery(SPAM_NUMBERS_PAGE, CompanyQuery) { … }
 */
export function PageQuery(limits: PageLimits): Constructor<PageQueryFields>;
export function PageQuery<TBase extends Constructor>(limits: PageLimits, Base: TBase): TBase & Constructor<PageQueryFields>;
export function PageQuery(limits: PageLimits, Base: Constructor = class {}): Constructor<PageQueryFields> {
  const { defaultPerPage, maxPerPage } = limits;
  if (!Number.isInteger(defaultPerPage) || defaultPerPage < 1 || defaultPerPage > maxPerPage) {
    throw new Error(`PageQuery: the default page size (${defaultPerPage}) must be from 1 to the maximum (${maxPerPage})`);
  }

  class PageQueryWithLimits extends Base implements PageQueryFields {
    @ApiPropertyOptional({ default: 1, minimum: 1 })
    @IsOptional()
    @Type(() => Number)
    @IsPageNumber()
    page?: number;

    @ApiPropertyOptional({ default: defaultPerPage, minimum: 1, maximum: maxPerPage })
    @IsOptional()
    @Type(() => Number)
    @IsInt()
    @Min(1)
    @Max(maxPerPage)
    per_page?: number;

    pageRequest(): PageRequest {
      const page = this.page ?? 1;
      const perPage = this.per_page ?? defaultPerPage;
      return { page, perPage, offset: (page - 1) * perPage };
    }
  }
  return PageQueryWithLimits;
}
