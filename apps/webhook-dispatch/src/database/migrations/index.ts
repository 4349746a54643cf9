import { Init1795321746924 } from './1795321746924-init';
import { AuthzReplicas1795324555765 } from './1795324555765-authz-replicas';

/** Every migration of this app, oldest first (rewritten by migration:generate). */
export const webhookDispatchMigrations = [Init1795321746924, AuthzReplicas1795324555765];
