import { Init1795321746924 } from './1795321746924-init';

/** Every migration of this app, oldest first (rewritten by migration:generate). */
export const webhookDispatchMigrations = [Init1795321746924];
