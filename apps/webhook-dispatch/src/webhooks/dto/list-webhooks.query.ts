import { CompanyQuery } from '@suite/authz';
import { PageQuery, type PageLimits } from '@suite/http';

export const WEBHOOKS_PAGE: PageLimits = { defaultPerPage: 15, maxPerPage: 100 };

/** `GET /api/webhooks`: a page of the company's webhooks, newest first. */
export class ListWebhooksQuery extends PageQuery(WEBHOOKS_PAGE, CompanyQuery) {}
