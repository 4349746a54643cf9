/**
 * Static checks of the container assets, runnable without a Docker engine: the Dockerfile's stages
 * and runtime user, docker/compose.yaml's services, and the gateway's nginx.conf routes against
 * APPS[*].routes (the same routes the Kubernetes Ingress serves, see k8s/manifests.spec.ts).
 * docker/healthcheck.mjs is executed for real against a throwaway HTTP server.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { builtinModules } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parse } from 'yaml';
import { APPS, CONTAINER_PORT, HEALTH_PATHS } from '@suite/contracts';

const DOCKER_DIR = __dirname;
const REPO_ROOT = path.resolve(DOCKER_DIR, '..');
const APP_NAMES = Object.keys(APPS) as (keyof typeof APPS)[];
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

// ---------------------------------------------------------------------------------------------
// Dockerfile: instructions grouped into stages

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  from: string;
  name?: string;
  instructions: Instruction[];
}

function parseDockerfile(text: string): { globalArgs: Instruction[]; stages: Stage[] } {
  const logical: string[] = [];
  let current = '';
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (current === '' && (trimmed === '' || trimmed.startsWith('#'))) continue;
    if (trimmed.startsWith('#')) continue; // comment lines inside a continued instruction
    if (trimmed.endsWith('\\')) {
      current += `${trimmed.slice(0, -1)} `;
    } else {
      logical.push(current + trimmed);
      current = '';
    }
  }
  const globalArgs: Instruction[] = [];
  const stages: Stage[] = [];
  for (const line of logical) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args: args.trim() };
    if (instruction.keyword === 'FROM') {
      const [from, as, name] = instruction.args.replace(/--platform=\S+\s+/, '').split(/\s+/);
      stages.push({ from: from!, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else if (stages.length === 0) {
      globalArgs.push(instruction);
    } else {
      stages[stages.length - 1]!.instructions.push(instruction);
    }
  }
  return { globalArgs, stages };
}

const findAll = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword);

// ---------------------------------------------------------------------------------------------
// nginx.conf: `location` blocks and what they do

interface Location {
  modifier: '' | '=' | '^~' | '~' | '~*';
  path: string;
  body: string;
}

function parseLocations(conf: string): Location[] {
  const stripped = conf.replace(/#[^\n]*/g, '');
  const locations: Location[] = [];
  for (const match of stripped.matchAll(/location\s+(=|\^~|~\*|~)?\s*(\S+)\s*\{([^{}]*)\}/g)) {
    locations.push({ modifier: (match[1] ?? '') as Location['modifier'], path: match[2]!, body: match[3]!.trim() });
  }
  return locations;
}

/** Upstream app a location proxies to (`set $app <name>; proxy_pass http://$app:<port>`), or null. */
function proxiedApp(location: Location): { app: string; port: number } | null {
  const pass = /proxy_pass\s+([^;]+);/.exec(location.body)?.[1];
  if (!pass) return null;
  const variables = Object.fromEntries(
    [...location.body.matchAll(/set\s+\$(\w+)\s+([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]),
  );
  const url = new URL(pass.replace(/\$(\w+)/g, (_, name: string) => variables[name] ?? `$${name}`));
  return { app: url.hostname, port: Number(url.port || 80) };
}

/** nginx's choice for a URI: exact match, else longest prefix (regex locations are not used here). */
function nginxRoute(locations: Location[], uri: string): Location | undefined {
  const exact = locations.find((l) => l.modifier === '=' && l.path === uri);
  if (exact) return exact;
  return locations
    .filter((l) => (l.modifier === '' || l.modifier === '^~') && uri.startsWith(l.path))
    .sort((a, b) => b.path.length - a.path.length)[0];
}

/** The Ingress `Prefix` semantics over APPS[*].routes: whole path segments, longest route wins. */
function catalogRoute(uri: string): string | null {
  const candidates = APP_NAMES.flatMap((app) => APPS[app].routes.map((route) => ({ app, route }))).filter(
    ({ route }) => uri === route || uri.startsWith(`${route}/`),
  );
  candidates.sort((a, b) => b.route.length - a.route.length);
  return candidates[0]?.app ?? null;
}

// ---------------------------------------------------------------------------------------------
// Runtime import graph: the image has production node_modules only (npm ci --omit=dev)

/** Static `import`/`export ... from` specifiers of a TypeScript file, minus type-only ones. */
function staticImports(source: string): string[] {
  const specifiers: string[] = [];
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  for (const match of code.matchAll(/^\s*(import|export)\s+(?!type\s)([^'";]*?)\s*from\s*['"]([^'"]+)['"]/gm)) {
    const clause = match[2]!.trim();
    // `import { type A, type B } from 'x'` is erased by the compiler.
    const named = /^\{([^}]*)\}$/.exec(clause)?.[1];
    if (named && named.split(',').every((part) => part.trim() === '' || part.trim().startsWith('type '))) continue;
    specifiers.push(match[3]!);
  }
  for (const match of code.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)) specifiers.push(match[1]!);
  return specifiers;
}

/**
 * npm packages loaded (statically, transitively through the repo's own files) by the given entry
 * files, each with the import chain that reaches it. Dynamic import() and require() calls inside
 * functions are lazy and deliberately not followed.
 */
function runtimePackages(entries: string[]): { packages: Map<string, string>; unresolved: string[] } {
  const paths = (JSON.parse(read('tsconfig.base.json')) as { compilerOptions: { paths: Record<string, string[]> } })
    .compilerOptions.paths;
  const resolveFile = (base: string) =>
    [`${base}.ts`, path.join(base, 'index.ts'), base].find((candidate) => candidate.endsWith('.ts') && existsSync(candidate));
  const packages = new Map<string, string>();
  const unresolved: string[] = [];
  const seen = new Set<string>();
  const importedBy = new Map<string, string>();
  const chain = (file: string): string => {
    const parent = importedBy.get(file);
    return `${parent ? `${chain(parent)} -> ` : ''}${path.relative(REPO_ROOT, file)}`;
  };
  const queue = entries.map((entry) => path.join(REPO_ROOT, entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      let target: string | undefined;
      if (specifier.startsWith('.')) {
        target = resolveFile(path.resolve(path.dirname(file), specifier));
      } else if (paths[specifier] && !paths[specifier]![0]!.startsWith('node_modules/')) {
        target = resolveFile(path.join(REPO_ROOT, paths[specifier]![0]!.replace(/\.ts$/, '')));
      } else {
        const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
        if (!specifier.startsWith('node:') && !builtinModules.includes(name) && !packages.has(name)) {
          packages.set(name, chain(file));
        }
        continue;
      }
      if (target && !seen.has(target)) {
        if (!importedBy.has(target)) importedBy.set(target, file);
        queue.push(target);
      } else if (!target) {
        unresolved.push(`${path.relative(REPO_ROOT, file)}: cannot resolve '${specifier}'`);
      }
    }
  }
  return { packages, unresolved };
}

// ---------------------------------------------------------------------------------------------

describe('docker/Dockerfile', () => {
  const { globalArgs, stages } = parseDockerfile(read('docker/Dockerfile'));
  const runtime = stages[stages.length - 1]!;
  const stageByName = (name: string) => stages.find((s) => s.name === name);

  it('is multi-stage (deps -> build -> runtime) on node:20-bookworm-slim', () => {
    expect(stages.map((s) => s.name)).toEqual(expect.arrayContaining(['deps', 'build', 'runtime']));
    expect(runtime.name).toBe('runtime');
    const nodeImageArg = globalArgs.find((a) => a.keyword === 'ARG' && a.args.startsWith('NODE_IMAGE='));
    const baseImage = nodeImageArg?.args.split('=')[1];
    expect(baseImage).toMatch(/^node:20-bookworm-slim(@sha256:[0-9a-f]{64})?$/);
    // Every stage starts from that image or from an earlier stage.
    const known = new Set<string>();
    for (const stage of stages) {
      const from = stage.from === '${NODE_IMAGE}' ? baseImage : stage.from;
      expect(from === baseImage || known.has(from!)).toBe(true);
      if (stage.name) known.add(stage.name);
    }
  });

  it('selects the app with ARG APP and runs it as a non-root user', () => {
    expect(findAll(runtime, 'ARG').map((a) => a.args.split('=')[0])).toContain('APP');
    const users = findAll(runtime, 'USER');
    expect(users.length).toBeGreaterThan(0);
    const user = users[users.length - 1]!.args.split(':')[0];
    expect(['root', '0', '']).not.toContain(user);
    // Numeric and equal to the Kubernetes runAsUser, so runAsNonRoot can be verified by the kubelet.
    expect(user).toBe('10001');
    // Validates APP against the catalog's app names.
    const validation = findAll(runtime, 'RUN')
      .map((r) => r.args)
      .join('\n');
    for (const app of APP_NAMES) expect(validation).toContain(app);
  });

  it('ships only production node_modules and dist, installed without lifecycle scripts', () => {
    const copies = findAll(runtime, 'COPY').map((c) => c.args);
    const modules = copies.filter((c) => /node_modules/.test(c));
    expect(modules).toHaveLength(1);
    const source = /--from=(\S+)/.exec(modules[0]!)?.[1];
    const installs = findAll(stageByName(source!)!, 'RUN').map((r) => r.args);
    expect(installs.some((r) => /npm ci\b/.test(r) && r.includes('--omit=dev') && r.includes('--ignore-scripts'))).toBe(true);
    expect(copies.some((c) => /--from=build\s+\S*dist/.test(c))).toBe(true);
    expect(findAll(stageByName('build')!, 'RUN').some((r) => r.args.includes('node tools/build.mjs'))).toBe(true);
    // Nothing copied from the build context into the runtime stage except package.json and the health check.
    const fromContext = copies.filter((c) => !c.includes('--from=')).map((c) => c.split(/\s+/)[0]);
    expect(fromContext.sort()).toEqual(['docker/healthcheck.mjs', 'package.json']);
  });

  it('exposes CONTAINER_PORT, sets NODE_ENV/PORT, checks /health/live and execs node on the app entry', () => {
    expect(findAll(runtime, 'EXPOSE').map((e) => e.args)).toContain(String(CONTAINER_PORT));
    const env = findAll(runtime, 'ENV')
      .map((e) => e.args)
      .join(' ');
    expect(env).toMatch(/\bNODE_ENV=production\b/);
    expect(env).toMatch(new RegExp(`\\bPORT=${CONTAINER_PORT}\\b`));
    expect(env).toMatch(/\bAPP=\$\{?APP\}?/);

    const healthcheck = findAll(runtime, 'HEALTHCHECK')[0]?.args ?? '';
    expect(healthcheck).toMatch(/CMD \["node", "docker\/healthcheck\.mjs"\]/);
    expect(read('docker/healthcheck.mjs')).toContain(`'${HEALTH_PATHS.live}'`);

    const cmd = JSON.parse(findAll(runtime, 'CMD')[0]!.args) as string[];
    expect(cmd.slice(0, 2)).toEqual(['sh', '-c']);
    // `exec` so node replaces the shell as PID 1 and receives SIGTERM.
    expect(cmd[2]).toMatch(/^exec node "?dist\/apps\/\$\{APP\}\/src\/main\.js"?$/);
  });

  it('runs entry points that load no devDependency (the image has production node_modules only)', () => {
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { dev?: boolean }> };
    const entries = [...APP_NAMES.map((app) => `apps/${app}/src/main.ts`), 'tools/migrate.ts'].filter((entry) =>
      existsSync(path.join(REPO_ROOT, entry)),
    );
    expect(entries).toContain('tools/migrate.ts');
    const { packages, unresolved } = runtimePackages(entries);
    expect(unresolved).toEqual([]);
    const missing = [...packages]
      .filter(([name]) => {
        const entry = lock.packages[`node_modules/${name}`];
        return !entry || entry.dev === true;
      })
      .map(
        ([name, importer]) =>
          `${name}, a devDependency or missing, loaded via ${importer}: load it lazily (await import()) or make it a dependency`,
      );
    expect(missing).toEqual([]);
  });

  it('copies only files that exist and are not excluded by .dockerignore', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    for (const entry of ['**/node_modules', 'dist', '.data', '.git', 'coverage', '.nx', '.env']) expect(ignored).toContain(entry);
    const sources = stages
      .flatMap((s) => findAll(s, 'COPY'))
      .filter((c) => !c.args.includes('--from='))
      .flatMap((c) => c.args.split(/\s+/).slice(0, -1));
    for (const source of sources) {
      expect({ source, exists: existsSync(path.join(REPO_ROOT, source)) }).toEqual({ source, exists: true });
      const excludedBy = ignored.find((rule) => source === rule || source.startsWith(`${rule}/`));
      expect({ source, excludedBy }).toEqual({ source, excludedBy: undefined });
    }
  });
});

describe('docker/healthcheck.mjs', () => {
  const runHealthcheck = (port: number) =>
    new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [path.join(DOCKER_DIR, 'healthcheck.mjs')], {
        env: { ...process.env, PORT: String(port) },
        stdio: 'ignore',
      });
      child.on('exit', (code) => resolve(code));
    });
  const withServer = async (status: number, probe: (port: number, hits: string[]) => Promise<void>) => {
    const hits: string[] = [];
    const server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      res.statusCode = req.url === HEALTH_PATHS.live ? status : 404;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await probe((server.address() as AddressInfo).port, hits);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  };

  it('exits 0 when /health/live answers 200', () =>
    withServer(200, async (port, hits) => {
      expect(await runHealthcheck(port)).toBe(0);
      expect(hits).toEqual([HEALTH_PATHS.live]);
    }));

  it('exits 1 when /health/live answers an error', () =>
    withServer(503, async (port) => expect(await runHealthcheck(port)).toBe(1)));

  it('exits 1 when nothing listens', async () => {
    let freePort = 0;
    await withServer(200, async (port) => {
      freePort = port;
    });
    expect(await runHealthcheck(freePort)).toBe(1);
  });
});

describe('docker/compose.yaml', () => {
  // Merge keys (`<<: *app`) are YAML 1.1; compose supports them, `yaml` needs them switched on.
  /* eslint-disable @typescript-eslint/no-explicit-any */
  const compose = parse(read('docker/compose.yaml'), { merge: true }) as { services: Record<string, any> };
  /* eslint-enable @typescript-eslint/no-explicit-any */
  const services = compose.services;

  it('has postgres, kafka, migrate, the four apps and the gateway', () => {
    expect(Object.keys(services).sort()).toEqual(['gateway', 'kafka', 'migrate', 'postgres', ...APP_NAMES].sort());
  });

  it('runs PostgreSQL 17 with a health check', () => {
    expect(services.postgres.image).toBe('postgres:17');
    expect(services.postgres.healthcheck?.test).toBeDefined();
  });

  it('runs single-node KRaft Kafka from apache/kafka:3.9.x, advertising the address the apps use', () => {
    const kafka = services.kafka;
    expect(kafka.image).toMatch(/^apache\/kafka:3\.9\.\d+$/);
    const env = kafka.environment;
    expect(env.KAFKA_PROCESS_ROLES.split(',').sort()).toEqual(['broker', 'controller']);
    expect(env.KAFKA_CONTROLLER_QUORUM_VOTERS).toBe(`${env.KAFKA_NODE_ID}@kafka:9093`);
    expect(env.KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR).toBe(1);
    expect(kafka.healthcheck?.test).toBeDefined();
    const advertised: string[] = env.KAFKA_ADVERTISED_LISTENERS.split(',').map((l: string) => l.replace(/^\w+:\/\//, ''));
    for (const app of APP_NAMES) {
      for (const broker of services[app].environment.KAFKA_BROKERS.split(',')) expect(advertised).toContain(broker);
    }
  });

  it('runs the migrations once, before any app starts', () => {
    const migrate = services.migrate;
    expect(migrate.command).toEqual(['node', 'dist/tools/migrate.js', '--all']);
    expect(migrate.depends_on.postgres.condition).toBe('service_healthy');
    expect(migrate.restart).toBe('no');
  });

  it.each(APP_NAMES)('builds and runs %s from docker/Dockerfile with APP set', (app) => {
    const service = services[app];
    expect(service.build).toMatchObject({ context: '..', dockerfile: 'docker/Dockerfile', args: { APP: app } });
    expect(service.image).toMatch(new RegExp(`^suite/${app}:`));
    expect(service.depends_on.migrate.condition).toBe('service_completed_successfully');
    expect(service.depends_on.postgres.condition).toBe('service_healthy');
    expect(service.depends_on.kafka.condition).toBe('service_healthy');
    expect(service.environment).toMatchObject({ PORT: String(CONTAINER_PORT), MIGRATIONS_RUN: 'false', KAFKA_CLIENT_ID: app });
    expect(service.environment.INTERNAL_API_TOKEN.length).toBeGreaterThanOrEqual(32);
    // Each app's own secrets, with dev values, and only in that app.
    const own = {
      auth: ['AUTH_SESSION_SECRET', 'AUTH_KEY_ENCRYPTION_SECRET'],
      platform: ['PLATFORM_ID_ENCRYPTION_KEY', 'PLATFORM_PURCHASE_TOKEN_SECRET'],
    } as Record<string, string[]>;
    for (const [owner, names] of Object.entries(own)) {
      for (const name of names) {
        if (owner !== app) {
          expect({ app, [name]: service.environment[name] }).toEqual({ app, [name]: undefined });
          continue;
        }
        const value: string = service.environment[name];
        expect({ name, looksDev: /dev/i.test(value) }).toEqual({ name, looksDev: true });
        if (name === 'PLATFORM_ID_ENCRYPTION_KEY') expect(Buffer.from(value, 'base64')).toHaveLength(32);
        else expect(value.length).toBeGreaterThanOrEqual(32);
      }
    }
    // Reachable only through the gateway.
    expect(service.ports).toBeUndefined();
  });

  it('trusts X-Forwarded-For from the gateway only: every app’s TRUSTED_PROXIES is the gateway’s fixed address in the network’s subnet', () => {
    const gatewayAddress: string = services.gateway.networks.default.ipv4_address;
    const [subnet] = (compose as unknown as { networks: { default: { ipam: { config: Array<{ subnet: string }> } } } }).networks
      .default.ipam.config;
    const [network, bits] = subnet!.subnet.split('/');
    expect(bits).toBe('24');
    expect(gatewayAddress.split('.').slice(0, 3)).toEqual(network!.split('.').slice(0, 3));
    for (const app of APP_NAMES)
      expect({ app, TRUSTED_PROXIES: services[app].environment.TRUSTED_PROXIES }).toEqual({
        app,
        TRUSTED_PROXIES: gatewayAddress,
      });
  });

  it('exposes the gateway (nginx:1.27-alpine with docker/gateway/nginx.conf) on host port 8080', () => {
    const gateway = services.gateway;
    expect(gateway.image).toBe('nginx:1.27-alpine');
    expect(gateway.ports.map(String)).toContain('8080:8080');
    expect(gateway.volumes).toContain('./gateway/nginx.conf:/etc/nginx/nginx.conf:ro');
    expect(read('docker/gateway/nginx.conf')).toMatch(/listen\s+8080;/);
  });
});

describe('docker/gateway/nginx.conf', () => {
  const locations = parseLocations(read('docker/gateway/nginx.conf'));
  const proxied = locations.filter((l) => proxiedApp(l) !== null);

  it('proxies exactly APPS[*].routes, each as `= /route` plus `/route/` to its app on CONTAINER_PORT', () => {
    const expected = APP_NAMES.flatMap((app) =>
      APPS[app].routes.flatMap((route) => [`= ${route} -> ${app}:${CONTAINER_PORT}`, `${route}/ -> ${app}:${CONTAINER_PORT}`]),
    );
    const actual = proxied.map((l) => {
      const target = proxiedApp(l)!;
      return `${l.modifier ? `${l.modifier} ` : ''}${l.path} -> ${target.app}:${target.port}`;
    });
    expect(actual.sort()).toEqual(expected.sort());
    // Regex locations would make the matching order-dependent and defeat the equivalence check below.
    expect(locations.filter((l) => l.modifier === '~' || l.modifier === '~*')).toEqual([]);
  });

  it('sends every path where the Ingress would, and 404s the rest (including /internal)', () => {
    const routes = APP_NAMES.flatMap((app) => APPS[app].routes);
    const probes = [
      '/',
      '/internal',
      '/internal/',
      '/internal/events/replay',
      '/health/live',
      '/health/ready',
      '/metrics',
      '/docs',
      ...routes.flatMap((route) => [route, `${route}/`, `${route}/x/y`, `${route}x`, `${route}/internal`]),
    ];
    for (const uri of probes) {
      const location = nginxRoute(locations, uri);
      const app = location ? (proxiedApp(location)?.app ?? null) : null;
      expect({ uri, app }).toEqual({ uri, app: catalogRoute(uri) });
      if (app === null) expect({ uri, body: location?.body }).toEqual({ uri, body: 'return 404;' });
    }
  });

  it('never proxies /internal', () => {
    for (const location of proxied) {
      const coversInternal =
        location.path === '/' || location.path.startsWith('/internal') || '/internal/'.startsWith(location.path);
      expect({ location: location.path, coversInternal }).toEqual({ location: location.path, coversInternal: false });
    }
    expect(nginxRoute(locations, '/internal/x')?.body).toBe('return 404;');
  });
});
