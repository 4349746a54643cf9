/**
 * Renders each kustomize overlay with `kubectl kustomize` and checks the result against the Kubernetes
 * API schemas (kubernetes-models) and against the app catalog in @suite/contracts, so ports, probe
 * paths, routes and topics cannot drift between the code and the cluster.
 *
 * Needs kubectl (>= 1.27, which bundles kustomize v5) on PATH, or KUBECTL=/path/to/kubectl.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { register } from 'prom-client';
import { parseAllDocuments } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { Job } from 'kubernetes-models/batch/v1';
import { PrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule';
import { APPS, CONTAINER_PORT, HEALTH_PATHS, METRICS_PATH, ALL_TOPICS, deadLetterTopic } from '@suite/contracts';
import { EventingMetrics } from '@suite/eventing';
import { isProxyAddress } from '@suite/config';

// ---------------------------------------------------------------------------------------------
// Rendering and parsing

const K8S_DIR = __dirname;
const KUBECTL = process.env.KUBECTL ?? 'kubectl';

// Loosely typed view of a rendered object; the kubernetes-models validation below is what
// guarantees the shapes, these types only keep the assertions readable.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Obj = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [key: string]: any;
};
type Container = Record<string, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

function render(overlay: string): Obj[] {
  const dir = path.join(K8S_DIR, 'overlays', overlay);
  let out: string;
  try {
    out = execFileSync(KUBECTL, ['kustomize', dir], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 32 * 1024 * 1024,
    });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') {
      throw new Error(
        `'${KUBECTL}' was not found. This test renders the kustomize overlays with \`kubectl kustomize\`; ` +
          'install kubectl >= 1.27 (https://kubernetes.io/docs/tasks/tools/) or point KUBECTL at it, then re-run. ' +
          'The test does not skip without it.',
      );
    }
    throw new Error(`\`${KUBECTL} kustomize ${path.relative(process.cwd(), dir)}\` failed:\n${e.stderr ?? e.message}`);
  }
  const objects: Obj[] = [];
  for (const doc of parseAllDocuments(out)) {
    if (doc.errors.length > 0) throw new Error(`kubectl kustomize produced invalid YAML: ${doc.errors[0]!.message}`);
    const value: unknown = doc.toJS();
    if (value === null || value === undefined) continue;
    objects.push(value as Obj);
  }
  return objects;
}

// ---------------------------------------------------------------------------------------------
// Validation

type Validate = (object: Obj) => void;
const model =
  <T extends { validate(): void }>(Model: new (data: never) => T): Validate =>
  (object) =>
    new Model(object as never).validate();

/** Kinds validated against their OpenAPI schema (Kubernetes', the CRD's). Anything else fails the test. */
const BUILT_IN: Record<string, Validate> = {
  'apps/v1/Deployment': model(Deployment),
  'v1/Service': model(Service),
  'v1/ConfigMap': model(ConfigMap),
  // kustomize wraps long base64 values over several lines; the API server's decoder skips the
  // newlines, the schema's "byte" format doesn't, so validate the value as the server reads it.
  'v1/Secret': (secret) =>
    model(Secret)({
      ...secret,
      data: Object.fromEntries(Object.entries<string>(secret.data ?? {}).map(([key, value]) => [key, value.replace(/\s+/g, '')])),
    }),
  'v1/Namespace': model(Namespace),
  'autoscaling/v2/HorizontalPodAutoscaler': model(HorizontalPodAutoscaler),
  'policy/v1/PodDisruptionBudget': model(PodDisruptionBudget),
  'networking.k8s.io/v1/Ingress': model(Ingress),
  'batch/v1/Job': model(Job),
  // A prometheus-operator CRD; its models (@kubernetes-models/prometheus-operator) carry the CRD's schema.
  'monitoring.coreos.com/v1/PrometheusRule': model(PrometheusRule),
};

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const KAFKA_TOPIC_NAME = /^[a-zA-Z0-9._-]{1,249}$/;
const isPositiveInt = (v: unknown) => Number.isInteger(v) && (v as number) >= 1;

/**
 * Strimzi KafkaTopic (kafka.strimzi.io/v1beta2). There is no CommonJS model for it, so this is the
 * part of the CRD schema the manifests use, checked by hand. Returns the problems found.
 */
function kafkaTopicProblems(topic: Obj): string[] {
  const problems: string[] = [];
  const where = `KafkaTopic ${topic.metadata?.name}`;
  if (topic.apiVersion !== 'kafka.strimzi.io/v1beta2') problems.push(`${where}: apiVersion must be kafka.strimzi.io/v1beta2`);
  if (!DNS_LABEL.test(topic.metadata?.name ?? '') || topic.metadata.name.length > 63) {
    problems.push(`${where}: metadata.name must be a DNS-1123 label (put the Kafka name in spec.topicName)`);
  }
  const cluster = topic.metadata?.labels?.['strimzi.io/cluster'];
  if (typeof cluster !== 'string' || cluster === '') problems.push(`${where}: needs the strimzi.io/cluster label`);
  const spec = topic.spec;
  if (typeof spec !== 'object' || spec === null) return [...problems, `${where}: spec is required`];
  const unknown = Object.keys(spec).filter((key) => !['topicName', 'partitions', 'replicas', 'config'].includes(key));
  if (unknown.length > 0) problems.push(`${where}: unknown spec fields ${unknown.join(', ')}`);
  if (typeof spec.topicName !== 'string' || !KAFKA_TOPIC_NAME.test(spec.topicName))
    problems.push(`${where}: spec.topicName must be a legal Kafka topic name`);
  if (!isPositiveInt(spec.partitions)) problems.push(`${where}: spec.partitions must be an integer >= 1`);
  if (!isPositiveInt(spec.replicas)) problems.push(`${where}: spec.replicas must be an integer >= 1`);
  if (spec.config !== undefined) {
    if (typeof spec.config !== 'object' || spec.config === null || Array.isArray(spec.config)) {
      problems.push(`${where}: spec.config must be a map`);
    } else {
      for (const [key, value] of Object.entries(spec.config)) {
        if (!['string', 'number', 'boolean'].includes(typeof value))
          problems.push(`${where}: spec.config.${key} must be a scalar`);
      }
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Helpers over the rendered objects

const APP_NAMES = Object.keys(APPS) as (keyof typeof APPS)[];
const SECRET_ENV = ['DATABASE_URL', 'INTERNAL_API_TOKEN'];
/** Secrets only one app reads (its environment class), also from Secret refs only. */
const APP_SECRET_ENV: Partial<Record<keyof typeof APPS, string[]>> = {
  auth: ['AUTH_SESSION_SECRET', 'AUTH_KEY_ENCRYPTION_SECRET'],
  platform: [
    'PLATFORM_ID_ENCRYPTION_KEY',
    'PLATFORM_PURCHASE_TOKEN_SECRET',
    'PLATFORM_VOICE_CALLBACK_SECRET',
    'PLATFORM_SECRETS_KEY',
  ],
  messaging: ['MESSAGING_CARRIER_CALLBACK_SECRET'],
};
/**
 * Secrets an app reads only when a feature is configured: optional keys of the Secret (a cluster
 * that runs Meta only leaves Google's out), never in the ConfigMap, never in another app.
 */
const APP_OPTIONAL_SECRET_ENV: Partial<Record<keyof typeof APPS, string[]>> = {
  platform: [
    // The live voice providers' credentials and the ad platforms' (the sandboxes run without them).
    'RETELL_API_KEY',
    'TWILIO_AUTH_TOKEN',
    'TELNYX_API_KEY',
    'PLATFORM_SECRETS_PREVIOUS_KEYS',
    'META_APP_ID',
    'META_APP_SECRET',
    'GOOGLE_ADS_CLIENT_ID',
    'GOOGLE_ADS_CLIENT_SECRET',
    'GOOGLE_ADS_DEVELOPER_TOKEN',
  ],
  // A real carrier's credentials (the sandbox runs without them).
  messaging: [
    'TWILIO_AUTH_TOKEN',
    'SENDBLUE_API_KEY_ID',
    'SENDBLUE_API_SECRET',
    'SENDBLUE_SIGNING_SECRET',
    'SENDBLUE_CALLBACK_TOKEN',
  ],
};
const ALL_SECRET_ENV = [...SECRET_ENV, ...Object.values(APP_SECRET_ENV).flat(), ...Object.values(APP_OPTIONAL_SECRET_ENV).flat()];
/** Every variable BaseEnvironment (libs/config) reads; the ConfigMap may hold the non-secret ones only. */
const APP_ENV = [
  'PORT',
  'HOST',
  'DATABASE_URL',
  'DATABASE_POOL_SIZE',
  'DATABASE_SSL',
  'MIGRATIONS_RUN',
  'KAFKA_BROKERS',
  'KAFKA_CLIENT_ID',
  'KAFKA_TOPIC_PREFIX',
  'KAFKA_TOPIC_PARTITIONS',
  'KAFKA_REPLICATION_FACTOR',
  'KAFKA_SESSION_TIMEOUT_MS',
  'EVENT_MAX_ATTEMPTS',
  'EVENT_RELAY_UNHEALTHY_AFTER_MS',
  'LOG_LEVEL',
  'INTERNAL_API_TOKEN',
  'SHUTDOWN_TIMEOUT_MS',
  'TRUSTED_PROXIES',
  'AUTH_ISSUER',
  'AUTH_JWKS_URL',
  // Read by platform only (the login-as exchange); harmless elsewhere.
  'AUTH_INTERNAL_URL',
];
const MIGRATE_COMMAND = ['node', 'dist/tools/migrate.js', '--all'];
/** The selector docs/deployment.md uses to apply everything the migration Job needs, before the apps. */
const PRE_ROLLOUT_EXCLUDED_COMPONENTS = ['api', 'ingress'];

const ofKind = (objects: Obj[], kind: string) => objects.filter((o) => o.kind === kind);
const selects = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  !!selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);
const appContainer = (workload: Obj): Container => workload.spec.template.spec.containers[0];

/** Image reference split into repository and tag/digest. */
function parseImage(image: string): { repository: string; tag?: string; digest?: string } {
  const [withTag, digest] = image.split('@');
  const colon = withTag!.lastIndexOf(':');
  const hasTag = colon > withTag!.lastIndexOf('/');
  return {
    repository: hasTag ? withTag!.slice(0, colon) : withTag!,
    tag: hasTag ? withTag!.slice(colon + 1) : undefined,
    digest,
  };
}

/** The environment a container actually gets: its ConfigMaps (envFrom), overridden by `env` literals. */
function effectiveEnv(
  container: Container,
  objects: Obj[],
): Map<string, { value?: string; secretRef?: { name: string; key: string; optional?: boolean } }> {
  const env = new Map<string, { value?: string; secretRef?: { name: string; key: string; optional?: boolean } }>();
  for (const source of container.envFrom ?? []) {
    const configMap = ofKind(objects, 'ConfigMap').find((c) => c.metadata.name === source.configMapRef?.name);
    for (const [key, value] of Object.entries<string>(configMap?.data ?? {})) env.set(key, { value });
  }
  for (const entry of container.env ?? []) {
    if (entry.valueFrom?.secretKeyRef) env.set(entry.name, { secretRef: entry.valueFrom.secretKeyRef });
    else env.set(entry.name, { value: entry.value ?? '' });
  }
  return env;
}

function expectHardenedPod(workload: Obj) {
  const where = `${workload.kind} ${workload.metadata.name}`;
  const pod = workload.spec.template.spec;
  expect({ where, automountServiceAccountToken: pod.automountServiceAccountToken }).toEqual({
    where,
    automountServiceAccountToken: false,
  });
  for (const container of pod.containers) {
    const sc = container.securityContext ?? {};
    const runAsNonRoot = sc.runAsNonRoot ?? pod.securityContext?.runAsNonRoot;
    const runAsUser = sc.runAsUser ?? pod.securityContext?.runAsUser;
    const seccomp = sc.seccompProfile?.type ?? pod.securityContext?.seccompProfile?.type;
    expect({ where, runAsNonRoot, runAsUser, seccomp }).toEqual({
      where,
      runAsNonRoot: true,
      runAsUser: 10001,
      seccomp: 'RuntimeDefault',
    });
    expect({
      where,
      readOnlyRootFilesystem: sc.readOnlyRootFilesystem,
      allowPrivilegeEscalation: sc.allowPrivilegeEscalation,
    }).toEqual({
      where,
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
    });
    expect({ where, drop: sc.capabilities?.drop }).toEqual({ where, drop: ['ALL'] });
    expect({ where, privileged: sc.privileged ?? false }).toEqual({ where, privileged: false });
    // Read-only root filesystem: /tmp must be a writable emptyDir.
    const tmp = (container.volumeMounts ?? []).find((m: Container) => m.mountPath === '/tmp');
    expect({ where, tmpMounted: !!tmp }).toEqual({ where, tmpMounted: true });
    const volume = (pod.volumes ?? []).find((v: Container) => v.name === tmp.name);
    expect({ where, tmpIsEmptyDir: !!volume?.emptyDir }).toEqual({ where, tmpIsEmptyDir: true });
    // Requests and limits for both CPU and memory.
    for (const bound of ['requests', 'limits']) {
      for (const resource of ['cpu', 'memory']) {
        expect({ where, [`${bound}.${resource}`]: container.resources?.[bound]?.[resource] !== undefined }).toEqual({
          where,
          [`${bound}.${resource}`]: true,
        });
      }
    }
  }
}

/** Secret env vars must come from a Secret (never a literal in the manifests). */
function expectSecretsReferenced(workload: Obj, objects: Obj[], overlay: string, names: string[]) {
  const where = `${workload.kind} ${workload.metadata.name}`;
  const env = effectiveEnv(appContainer(workload), objects);
  for (const name of names) {
    const entry = env.get(name);
    expect({ where, name, fromSecret: !!entry?.secretRef }).toEqual({ where, name, fromSecret: true });
    const rendered = ofKind(objects, 'Secret').find((s) => s.metadata.name === entry!.secretRef!.name);
    if (overlay === 'prod') {
      // Prod's Secret lives outside the repo and keeps its plain name.
      expect({ where, name, secret: entry!.secretRef!.name }).toEqual({ where, name, secret: 'suite-secrets' });
    } else {
      expect({ where, name, secretRendered: !!rendered }).toEqual({ where, name, secretRendered: true });
    }
    if (rendered) expect(Object.keys(rendered.data ?? rendered.stringData ?? {})).toContain(entry!.secretRef!.key);
  }
}

// ---------------------------------------------------------------------------------------------

const OVERLAYS = {
  dev: { namespace: 'suite-dev' },
  prod: { namespace: 'suite-prod' },
} as const;

describe.each(Object.entries(OVERLAYS))('k8s overlay %s', (overlay, expected) => {
  let objects: Obj[];
  let deployments: Obj[];
  let config: Record<string, string>;

  beforeAll(() => {
    objects = render(overlay);
    deployments = ofKind(objects, 'Deployment');
    const configMaps = ofKind(objects, 'ConfigMap');
    expect(configMaps).toHaveLength(1);
    config = configMaps[0]!.data ?? {};
  });

  it('renders only kinds this test can validate, and each one is valid', () => {
    const problems: string[] = [];
    for (const object of objects) {
      const key = `${object.apiVersion}/${object.kind}`;
      const where = `${object.kind} ${object.metadata?.name}`;
      const validate = BUILT_IN[key];
      if (validate) {
        try {
          validate(object);
        } catch (error) {
          problems.push(`${where}: ${(error as Error).message}`);
        }
      } else if (object.kind === 'KafkaTopic') {
        problems.push(...kafkaTopicProblems(object));
      } else {
        problems.push(`${where}: ${key} is not a kind this test knows how to validate; add a validator to k8s/manifests.spec.ts`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('puts everything in the overlay namespace, with unique names', () => {
    const namespaces = ofKind(objects, 'Namespace');
    expect(namespaces.map((n) => n.metadata.name)).toEqual([expected.namespace]);
    for (const object of objects.filter((o) => o.kind !== 'Namespace')) {
      expect({ object: `${object.kind}/${object.metadata.name}`, namespace: object.metadata.namespace }).toEqual({
        object: `${object.kind}/${object.metadata.name}`,
        namespace: expected.namespace,
      });
    }
    const ids = objects.map((o) => `${o.kind}/${o.metadata.name}`);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has one Deployment per app, running image suite/<app> on CONTAINER_PORT with the catalog probe paths', () => {
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...APP_NAMES].sort());
    for (const deployment of deployments) {
      const app = deployment.metadata.name;
      const pod = deployment.spec.template.spec;
      expect(pod.containers).toHaveLength(1);
      const container = appContainer(deployment);
      const image = parseImage(container.image);
      expect({ app, repository: image.repository }).toEqual({ app, repository: `suite/${app}` });
      expect({ app, pinned: !!(image.tag || image.digest) }).toEqual({ app, pinned: true });

      const http = (container.ports ?? []).find((p: Container) => p.name === 'http');
      expect({ app, containerPort: http?.containerPort }).toEqual({ app, containerPort: CONTAINER_PORT });
      const probePort = (probe: Container) => (probe.httpGet.port === 'http' ? http?.containerPort : probe.httpGet.port);
      for (const [probe, pathExpected] of [
        ['readinessProbe', HEALTH_PATHS.ready],
        ['livenessProbe', HEALTH_PATHS.live],
        ['startupProbe', HEALTH_PATHS.live],
      ] as const) {
        expect({
          app,
          probe,
          path: container[probe]?.httpGet?.path,
          port: container[probe] && probePort(container[probe]),
        }).toEqual({
          app,
          probe,
          path: pathExpected,
          port: CONTAINER_PORT,
        });
      }
      const annotations = deployment.spec.template.metadata.annotations ?? {};
      if (annotations['prometheus.io/scrape'] === 'true') {
        expect({ app, metrics: annotations['prometheus.io/path'], port: annotations['prometheus.io/port'] }).toEqual({
          app,
          metrics: METRICS_PATH,
          port: String(CONTAINER_PORT),
        });
      }
      expect(selects(deployment.spec.selector.matchLabels, deployment.spec.template.metadata.labels)).toBe(true);
      expectHardenedPod(deployment);
    }
  });

  it('gives every app its full environment: ConfigMap for settings, Secret refs for secrets, MIGRATIONS_RUN=false', () => {
    expect(Object.keys(config).filter((key) => !APP_ENV.includes(key))).toEqual([]);
    expect(Object.keys(config).filter((key) => ALL_SECRET_ENV.includes(key))).toEqual([]);
    expect(config.PORT).toBe(String(CONTAINER_PORT));
    for (const deployment of deployments) {
      const app = deployment.metadata.name;
      const env = effectiveEnv(appContainer(deployment), objects);
      expect({ app, missing: APP_ENV.filter((name) => !env.has(name)) }).toEqual({ app, missing: [] });
      expect({ app, MIGRATIONS_RUN: env.get('MIGRATIONS_RUN')?.value }).toEqual({ app, MIGRATIONS_RUN: 'false' });
      expect({ app, KAFKA_CLIENT_ID: env.get('KAFKA_CLIENT_ID')?.value }).toEqual({ app, KAFKA_CLIENT_ID: app });
      expectSecretsReferenced(deployment, objects, overlay, [...SECRET_ENV, ...(APP_SECRET_ENV[app as keyof typeof APPS] ?? [])]);
      const optional = APP_OPTIONAL_SECRET_ENV[app as keyof typeof APPS] ?? [];
      for (const name of optional) {
        const ref = env.get(name)?.secretRef;
        expect({ app, name, ref }).toEqual({ app, name, ref: { name: expect.any(String), key: name, optional: true } });
      }
      // An app's own secrets reach that app only.
      const foreign = ALL_SECRET_ENV.filter(
        (name) =>
          !SECRET_ENV.includes(name) &&
          !(APP_SECRET_ENV[app as keyof typeof APPS] ?? []).includes(name) &&
          !optional.includes(name),
      );
      expect({ app, foreign: foreign.filter((name) => env.has(name)) }).toEqual({ app, foreign: [] });
    }
  });

  it("sends the ad platforms' consent back to the overlay's own public address (PLATFORM_PUBLIC_URL)", () => {
    const platform = deployments.find((deployment) => deployment.metadata.name === 'platform')!;
    const publicUrl = effectiveEnv(appContainer(platform), objects).get('PLATFORM_PUBLIC_URL')?.value ?? '';
    expect(publicUrl).toMatch(overlay === 'prod' ? /^https:\/\/[^/?#]+$/ : /^https?:\/\/[^/?#]+$/);
    if (overlay === 'dev') expect(publicUrl).toBe(new URL(config.AUTH_ISSUER!).origin);
  });

  it('trusts forwarded headers from the ingress range only: TRUSTED_PROXIES set, every entry an address or CIDR range the apps accept', () => {
    const entries = (config.TRUSTED_PROXIES ?? '').split(',').map((entry) => entry.trim());
    expect(entries.filter(Boolean).length).toBeGreaterThan(0);
    expect(entries.filter((entry) => !isProxyAddress(entry))).toEqual([]);
  });

  it('shuts down gracefully: preStop sleep, then SHUTDOWN_TIMEOUT_MS, inside the grace period', () => {
    const shutdownMs = Number(config.SHUTDOWN_TIMEOUT_MS);
    expect(shutdownMs).toBeGreaterThan(0);
    for (const deployment of deployments) {
      const app = deployment.metadata.name;
      const command: string[] = appContainer(deployment).lifecycle?.preStop?.exec?.command ?? [];
      expect({ app, preStop: command[0] }).toEqual({ app, preStop: 'sleep' });
      const preStopMs = Number(command[1]) * 1000;
      expect(preStopMs).toBeGreaterThan(0);
      const graceMs = (deployment.spec.template.spec.terminationGracePeriodSeconds ?? 30) * 1000;
      expect({ app, fitsInGracePeriod: graceMs > preStopMs + shutdownMs }).toEqual({ app, fitsInGracePeriod: true });
    }
  });

  it('has a Service (port 80 -> http) selecting each Deployment, and no Service without pods', () => {
    const services = ofKind(objects, 'Service');
    for (const service of services) {
      const targets = deployments.filter((d) => selects(service.spec.selector, d.spec.template.metadata.labels));
      expect({ service: service.metadata.name, selects: targets.map((d) => d.metadata.name) }).toEqual({
        service: service.metadata.name,
        selects: [service.metadata.name],
      });
      const [port] = service.spec.ports;
      const target = appContainer(targets[0]!).ports.find(
        (p: Container) => p.name === port.targetPort || p.containerPort === port.targetPort,
      );
      expect({ service: service.metadata.name, port: port.port, targetsContainerPort: target?.containerPort }).toEqual({
        service: service.metadata.name,
        port: 80,
        targetsContainerPort: CONTAINER_PORT,
      });
    }
    expect(services.map((s) => s.metadata.name).sort()).toEqual([...APP_NAMES].sort());
  });

  it('autoscales every Deployment (HPA on CPU) and protects it with a PodDisruptionBudget', () => {
    const hpas = ofKind(objects, 'HorizontalPodAutoscaler');
    const pdbs = ofKind(objects, 'PodDisruptionBudget');
    for (const deployment of deployments) {
      const app = deployment.metadata.name;
      const hpa = hpas.filter((h) => h.spec.scaleTargetRef.kind === 'Deployment' && h.spec.scaleTargetRef.name === app);
      expect({ app, hpas: hpa.length }).toEqual({ app, hpas: 1 });
      const { minReplicas, maxReplicas, metrics } = hpa[0]!.spec;
      expect(minReplicas).toBeLessThanOrEqual(maxReplicas);
      expect(metrics.some((m: Container) => m.type === 'Resource' && m.resource.name === 'cpu')).toBe(true);
      if (overlay === 'prod') {
        expect({ app, minReplicasAtLeast2: minReplicas >= 2 }).toEqual({ app, minReplicasAtLeast2: true });
        if (deployment.spec.replicas !== undefined) expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2);
      } else {
        expect({ app, minReplicas }).toEqual({ app, minReplicas: 1 });
      }

      const pdb = pdbs.filter((p) => selects(p.spec.selector.matchLabels, deployment.spec.template.metadata.labels));
      expect({ app, pdbs: pdb.length }).toEqual({ app, pdbs: 1 });
      const { minAvailable, maxUnavailable } = pdb[0]!.spec;
      // A budget must let a drain evict at least one pod at the minimum replica count, and (in prod)
      // keep at least one serving.
      if (maxUnavailable !== undefined) {
        expect(Number.isInteger(maxUnavailable) ? maxUnavailable : 1).toBeGreaterThanOrEqual(1);
        if (overlay === 'prod' && Number.isInteger(maxUnavailable)) expect(maxUnavailable).toBeLessThan(minReplicas);
      } else {
        expect(Number.isInteger(minAvailable)).toBe(true);
        expect(minAvailable).toBeLessThan(minReplicas);
        if (overlay === 'prod') expect(minAvailable).toBeGreaterThanOrEqual(1);
      }
    }
    for (const hpa of hpas) expect(deployments.map((d) => d.metadata.name)).toContain(hpa.spec.scaleTargetRef.name);
    for (const pdb of pdbs)
      expect(deployments.some((d) => selects(pdb.spec.selector.matchLabels, d.spec.template.metadata.labels))).toBe(true);
  });

  it('routes exactly APPS[*].routes through the Ingress (Prefix, to the app Service) and never /internal', () => {
    const ingresses = ofKind(objects, 'Ingress');
    expect(ingresses).toHaveLength(1);
    const ingress = ingresses[0]!;
    expect(ingress.spec.ingressClassName).toBe('nginx');
    expect(ingress.spec.defaultBackend).toBeUndefined();

    const routes: { path: string; pathType: string; service: string; port: string | number }[] = [];
    for (const rule of ingress.spec.rules ?? []) {
      for (const p of rule.http?.paths ?? []) {
        routes.push({
          path: p.path,
          pathType: p.pathType,
          service: p.backend.service?.name,
          port: p.backend.service?.port?.name ?? p.backend.service?.port?.number,
        });
      }
    }
    const expectedRoutes = APP_NAMES.flatMap((app) =>
      APPS[app].routes.map((route) => ({ path: route, pathType: 'Prefix', service: app, port: 'http' })),
    );
    const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
    expect(routes.sort(byPath)).toEqual(expectedRoutes.sort(byPath));

    for (const route of routes) {
      expect(
        ofKind(objects, 'Service')
          .find((s) => s.metadata.name === route.service)
          ?.spec.ports.some((p: Container) => p.name === route.port),
      ).toBe(true);
      // A Prefix path covers /internal if it is /internal itself, a parent of it, or `/`.
      const coversInternal =
        route.path === '/' ||
        route.path === '/internal' ||
        route.path.startsWith('/internal/') ||
        '/internal'.startsWith(`${route.path.replace(/\/$/, '')}/`);
      expect({ path: route.path, coversInternal }).toEqual({ path: route.path, coversInternal: false });
    }
  });

  it('runs the migrations in a Job with the apps image, hardened like the apps, before the rollout', () => {
    const jobs = ofKind(objects, 'Job');
    expect(jobs).toHaveLength(1);
    const job = jobs[0]!;
    const container = appContainer(job);
    expect([...(container.command ?? []), ...(container.args ?? [])]).toEqual(MIGRATE_COMMAND);
    expect(job.spec.template.spec.restartPolicy).toBe('Never');
    // Same image and tag as one of the apps, so an overlay's `images:` pins the Job with the apps.
    const image = parseImage(container.image);
    const twin = deployments.find((d) => parseImage(appContainer(d).image).repository === image.repository);
    expect(twin).toBeDefined();
    expect(container.image).toBe(appContainer(twin!).image);
    expectHardenedPod(job);
    expectSecretsReferenced(job, objects, overlay, ['DATABASE_URL']);

    // docs/deployment.md applies `-l 'app.kubernetes.io/component notin (api,ingress)'` first, waits
    // for the Job, then applies everything: that first step must include the Job and all it needs,
    // and none of the app workloads.
    const inFirstStep = (o: Obj) =>
      !PRE_ROLLOUT_EXCLUDED_COMPONENTS.includes(o.metadata.labels?.['app.kubernetes.io/component'] ?? '');
    expect(inFirstStep(job)).toBe(true);
    for (const source of container.envFrom ?? []) {
      expect(
        objects.filter(inFirstStep).some((o) => o.kind === 'ConfigMap' && o.metadata.name === source.configMapRef.name),
      ).toBe(true);
    }
    for (const entry of container.env ?? []) {
      const ref = entry.valueFrom?.secretKeyRef;
      if (ref && overlay !== 'prod')
        expect(objects.filter(inFirstStep).some((o) => o.kind === 'Secret' && o.metadata.name === ref.name)).toBe(true);
    }
    expect(objects.filter(inFirstStep).some((o) => o.kind === 'Namespace')).toBe(true);
    const workloadKinds = ['Deployment', 'Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'Ingress'];
    expect(
      objects.filter((o) => inFirstStep(o) && workloadKinds.includes(o.kind)).map((o) => `${o.kind}/${o.metadata.name}`),
    ).toEqual([]);
  });

  it('declares a KafkaTopic for each of ALL_TOPICS and its dead-letter topic, shaped like the apps expect', () => {
    const topics = ofKind(objects, 'KafkaTopic');
    const prefix = config.KAFKA_TOPIC_PREFIX ?? '';
    const expectedNames = ALL_TOPICS.flatMap((topic) => [topic, deadLetterTopic(topic)]).map((topic) => `${prefix}${topic}`);
    expect(topics.map((t) => t.spec.topicName).sort()).toEqual([...expectedNames].sort());

    const clusters = new Set(topics.map((t) => t.metadata.labels?.['strimzi.io/cluster']));
    expect(clusters.size).toBe(1);
    // The apps connect to that cluster's bootstrap Service.
    expect(config.KAFKA_BROKERS).toContain(`${[...clusters][0]}-kafka-bootstrap`);

    for (const topic of topics) {
      const name = topic.spec.topicName;
      expect({ name, partitions: topic.spec.partitions, replicas: topic.spec.replicas }).toEqual({
        name,
        partitions: Number(config.KAFKA_TOPIC_PARTITIONS),
        replicas: Number(config.KAFKA_REPLICATION_FACTOR),
      });
      const minIsr = topic.spec.config?.['min.insync.replicas'];
      if (overlay === 'prod') {
        expect({ name, replicas: topic.spec.replicas >= 3, minIsr: Number(minIsr) }).toEqual({ name, replicas: true, minIsr: 2 });
      } else {
        expect({ name, replicas: topic.spec.replicas }).toEqual({ name, replicas: 1 });
      }
      if (minIsr !== undefined) expect(Number(minIsr)).toBeLessThan(topic.spec.replicas);
    }
  });

  it('alerts on a Kafka outage (which readiness no longer turns into unready pods) with metrics the apps export', () => {
    const rules = ofKind(objects, 'PrometheusRule').flatMap((rule) =>
      (rule.spec.groups as Array<{ rules: Array<{ alert?: string; expr: string; for?: string }> }>).flatMap(
        (group) => group.rules,
      ),
    );
    expect(rules.find((rule) => /\beventing_transport_up\b/.test(rule.expr))).toMatchObject({
      alert: 'SuiteKafkaUnreachable',
      expr: expect.stringMatching(/== 0$/),
      for: '1m',
    });
    // Every metric an expression names is one the eventing library registers.
    const metrics = new EventingMetrics('k8s-manifest-test');
    metrics.transportUp(true);
    metrics.relayLag(0);
    metrics.outboxDeadLettered('t', 'not_an_envelope');
    const named = rules.flatMap((rule) => rule.expr.match(/\b[a-z]+_[a-z_]+\b/g) ?? []);
    expect(named.filter((name) => !register.getSingleMetric(name))).toEqual([]);
  });

  if (overlay === 'prod') {
    it('pins release image tags and commits no Secret', () => {
      for (const container of [...deployments, ...ofKind(objects, 'Job')].map(appContainer)) {
        const { tag, digest } = parseImage(container.image);
        expect({
          image: container.image,
          pinned: !!digest || (!!tag && !['latest', 'dev', 'main', 'master'].includes(tag)),
        }).toEqual({
          image: container.image,
          pinned: true,
        });
      }
      expect(ofKind(objects, 'Secret')).toEqual([]);
      expect(config.KAFKA_REPLICATION_FACTOR).toBe('3');
    });
  } else {
    it('generates only obviously-dev secret values', () => {
      const secrets = ofKind(objects, 'Secret');
      expect(secrets).toHaveLength(1);
      for (const [key, encoded] of Object.entries<string>(secrets[0]!.data ?? {})) {
        const value = Buffer.from(encoded, 'base64').toString('utf8');
        expect({ key, looksDev: /dev/i.test(value) }).toEqual({ key, looksDev: true });
        if (
          [
            'INTERNAL_API_TOKEN',
            'AUTH_SESSION_SECRET',
            'AUTH_KEY_ENCRYPTION_SECRET',
            'MESSAGING_CARRIER_CALLBACK_SECRET',
            'PLATFORM_PURCHASE_TOKEN_SECRET',
            'PLATFORM_VOICE_CALLBACK_SECRET',
            'PLATFORM_SECRETS_KEY',
          ].includes(key)
        ) {
          expect({ key, length: value.length >= 32 }).toEqual({ key, length: true });
        }
        if (key === 'PLATFORM_ID_ENCRYPTION_KEY') expect(Buffer.from(value, 'base64')).toHaveLength(32);
      }
    });
  }
});
