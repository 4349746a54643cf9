export { createAuthApp, loadAuthEnvironment } from './auth.app';
export { AUTH_ENTITIES } from './app.module';
export { authMigrations } from './database/migrations';
export { AuthEnvironment } from './config/auth-environment';
