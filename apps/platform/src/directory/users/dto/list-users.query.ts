import { CompanyQuery } from '@suite/authz';
import { PageQuery, type PageLimits } from '@suite/http';

export const USERS_PAGE: PageLimits = { defaultPerPage: 15, maxPerPage: 100 };

/** List Users: `company_id` (an agency's child), `page`, `per_page` (default 15, max 100). */
export class ListUsersQuery extends PageQuery(USERS_PAGE, CompanyQuery) {}
