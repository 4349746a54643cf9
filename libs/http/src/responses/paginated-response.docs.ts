import type { Type } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import type { Paginated, Pagination } from './pagination';

/** `Pagination` as the OpenAPI document shows it. */
export class PaginationResponse implements Pagination {
  @ApiProperty({ type: 'integer', minimum: 0 }) total!: number;
  @ApiProperty({ type: 'integer', minimum: 1 }) current_page!: number;
  @ApiProperty({ type: 'integer', minimum: 1 }) per_page!: number;
  @ApiProperty({ type: 'integer', minimum: 1, description: 'At least 1, also for an empty list' }) last_page!: number;
  @ApiProperty({ type: 'integer', nullable: true, description: "The page's first record, from 1; null on an empty page" })
  from!: number | null;
  @ApiProperty({ type: 'integer', nullable: true, description: "The page's last record; null on an empty page" })
  to!: number | null;
}

const pages = new Map<Type<unknown>, Type<Paginated<unknown>>>();

/**
 * The response class of what `paginated(records, total, page)` writes, for a row class: named
 * `<Row>Page` in the document, one class per row class. A list whose data carries more extends it:
 * `class PipelineContactsPage extends PaginatedResponse(PipelineContactResponse) { @ApiProperty() pipeline_id!: number }`.
 */
export function PaginatedResponse<T>(Row: Type<T>): Type<Paginated<T>> {
  let page = pages.get(Row);
  if (!page) {
    class Page implements Paginated<unknown> {
      @ApiProperty({ type: [Row] }) records!: unknown[];
      @ApiProperty({ type: PaginationResponse }) pagination!: Pagination;
    }
    Object.defineProperty(Page, 'name', { value: `${Row.name}Page` });
    pages.set(Row, Page);
    page = Page;
  }
  return page as Type<Paginated<T>>;
}
