export { createPlatformApp, loadPlatformEnvironment } from './platform.app';
export { PLATFORM_ENTITIES } from './app.module';
export { platformMigrations } from './database/migrations';
export { PlatformEnvironment } from './config/platform-environment';
export { CompanyEntity } from './companies/company.entity';
