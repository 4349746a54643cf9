import { Init1795321741991 } from './1795321741991-init';

/** Every migration of this app, oldest first (rewritten by migration:generate). */
export const platformMigrations = [Init1795321741991];
