import { Init1795321743619 } from './1795321743619-init';
import { AuthzReplicas1795324551118 } from './1795324551118-authz-replicas';
import { OauthServer1795324591003 } from './1795324591003-oauth-server';
import { Credentials1795325228316 } from './1795325228316-credentials';
import { Impersonation1795325945650 } from './1795325945650-impersonation';
import { ApiKeyLastUsed1795328915615 } from './1795328915615-api-key-last-used';
import { LoginThrottles1795491503606 } from './1795491503606-login-throttles';
import { OutboxDeadLetter1795491620262 } from './1795491620262-outbox-dead-letter';
import { UsedLoginChoices1795804638128 } from './1795804638128-used-login-choices';

/** Every migration of this app, oldest first (rewritten by migration:generate). */
export const authMigrations = [
  Init1795321743619,
  AuthzReplicas1795324551118,
  OauthServer1795324591003,
  Credentials1795325228316,
  Impersonation1795325945650,
  ApiKeyLastUsed1795328915615,
  LoginThrottles1795491503606,
  OutboxDeadLetter1795491620262,
  UsedLoginChoices1795804638128,
];
