import { CompanyQuery } from '@suite/authz';
import { PageQuery, type PageLimits } from '@suite/http';

export const CAMPAIGNS_PAGE: PageLimits = { defaultPerPage: 15, maxPerPage: 100 };

/** GET /api/campaigns: newest first. */
export class ListCampaignsQuery extends PageQuery(CAMPAIGNS_PAGE, CompanyQuery) {}
