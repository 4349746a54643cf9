export { createPlatformApp, loadPlatformEnvironment } from './platform.app';
export { PLATFORM_ENTITIES } from './app.module';
export { platformMigrations } from './database/migrations';
export { PlatformEnvironment } from './config/platform-environment';
export { CompanyEntity } from './companies/company.entity';
// Operator tooling (tools/admin, the embedded launcher's bootstrap) acts through these services.
export { CompaniesService } from './companies/companies.service';
export { RolesService } from './roles/roles.service';
export { UsersService } from './users/users.service';
// tools/admin seed-demo connects the demo ad accounts through the service (so their spend sync starts).
export { AdAccountsService } from './ad-accounts/ad-accounts.service';
