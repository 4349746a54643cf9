import { applyDecorators } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Permission } from '@suite/contracts';
import { RequirePermission } from '@suite/authz';
import { ApiPlatformIdParam } from '../ids/platform-id.pipe';
import { ApiNotFoundInCompany } from './not-found.docs';

export interface CompanyRouteDocs {
  summary: string;
  /** The success answer's docs (ApiSuccessResponse, ApiOkResponse). */
  answer: MethodDecorator;
  /** The path's `{id}` is a platform id (ApiPlatformIdParam). */
  idParam?: boolean;
  /** The route's own refusals (ApiErrors), beside @RequirePermission's and the 404. */
  errors?: MethodDecorator;
  /** What a path id names, for the 404 (ApiNotFoundInCompany); none for a route without one. */
  notFound?: string;
}

/**
 * The decorator stack of a company-scoped route: the permission it needs, its summary, its answer,
 * its refusals and the 404 of a company (or row) the caller cannot reach. Applied as the stack
 * `@RequirePermission @ApiPlatformIdParam @ApiOperation @answer @errors @ApiNotFoundInCompany` would
 * be (the last first), so the route's own refusals merge into @RequirePermission's as they did.
 */
export const CompanyRoute = (permission: Permission, docs: CompanyRouteDocs) =>
  applyDecorators(
    ApiNotFoundInCompany(docs.notFound),
    ...(docs.errors ? [docs.errors] : []),
    docs.answer,
    ApiOperation({ summary: docs.summary }),
    ...(docs.idParam ? [ApiPlatformIdParam()] : []),
    RequirePermission(permission),
  );
