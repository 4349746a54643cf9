import { Init1795321743619 } from './1795321743619-init';

/** Every migration of this app, oldest first (rewritten by migration:generate). */
export const authMigrations = [Init1795321743619];
