import { ApiErrors } from '@suite/http';

/**
 * The 404 every tenant route can answer: `?company_id=` naming a company the caller may not act
 * on (@ActingCompany), and, with a path id, a row that is not in the acting company — another
 * company's row is simply not found. `@ApiNotFoundInCompany('team')`, or without a row for a list.
 */
export const ApiNotFoundInCompany = (row?: string) =>
  ApiErrors({
    404: row
      ? `No such ${row} in the company, or company_id names a company you may not act on.`
      : 'company_id names a company you may not act on.',
  });
