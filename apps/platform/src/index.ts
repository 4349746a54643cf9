export { createPlatformApp, loadPlatformEnvironment } from './platform.app';
export { PLATFORM_ENTITIES } from './app.module';
export { platformMigrations } from './database/migrations';
export { PlatformEnvironment } from './platform-environment';
export { CompanyEntity, CompaniesService, RolesService, UsersService } from './directory';
// Operator tooling (tools/admin, the embedded launcher's bootstrap) acts through these services.
// tools/admin seed-demo connects the demo ad accounts through the service (so their spend sync starts).
export { AdAccountsService } from './reporting';
