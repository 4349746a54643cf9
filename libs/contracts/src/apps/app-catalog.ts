/**
 * The four apps, their default ports, schemas and the HTTP paths ops depends on.
 * Deployment manifests are checked against this catalog by a test (k8s/), so a port or
 * probe path cannot drift between the code and the cluster.
 */
export const APP_NAMES = ['messaging', 'auth', 'platform', 'webhook-dispatch'] as const;
export type AppName = (typeof APP_NAMES)[number];

export interface AppDescriptor {
  name: AppName;
  /** Port in embedded mode and the default for a standalone process. */
  defaultPort: number;
  /** PostgreSQL schema the app owns; no other app reads it. */
  schema: string;
  /** Path prefixes the ingress gateway routes to this app. */
  routes: readonly string[];
}

export const APPS: { readonly [K in AppName]: AppDescriptor } = {
  messaging: { name: 'messaging', defaultPort: 3001, schema: 'messaging', routes: ['/v1'] },
  auth: { name: 'auth', defaultPort: 3002, schema: 'auth', routes: ['/login', '/oauth', '/.well-known'] },
  platform: { name: 'platform', defaultPort: 3003, schema: 'platform', routes: ['/api'] },
  'webhook-dispatch': { name: 'webhook-dispatch', defaultPort: 3004, schema: 'webhooks', routes: ['/api/webhooks'] },
};

/** Port every app listens on inside its container image. */
export const CONTAINER_PORT = 3000;

export const HEALTH_PATHS = { live: '/health/live', ready: '/health/ready' } as const;
export const METRICS_PATH = '/metrics';
