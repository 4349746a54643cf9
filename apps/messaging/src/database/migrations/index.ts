import { Init1795321745250 } from './1795321745250-init';

/** Every migration of this app, oldest first (rewritten by migration:generate). */
export const messagingMigrations = [Init1795321745250];
