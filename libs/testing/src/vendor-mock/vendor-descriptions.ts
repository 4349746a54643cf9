import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';

/**
 * The providers' published OpenAPI descriptions kept in `libs/testing/vendor-apis/` (SOURCES.md
 * there names their origin and licence), as files Prism 5.16 reads correctly. The published files
 * stay byte for byte; the two corrections Prism needs are applied to a copy in a temporary folder.
 */
export type VendorDescriptionName = 'twilio_api_v2010' | 'twilio_lookups_v2' | 'retell_openapi';

const FILES: Record<VendorDescriptionName, string> = {
  twilio_api_v2010: 'twilio_api_v2010.json',
  twilio_lookups_v2: 'twilio_lookups_v2.json',
  retell_openapi: 'retell_openapi.yaml',
};

/** The folder of the published descriptions, found from source (jest) and from dist/ alike. */
export function vendorApisDirectory(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'libs', 'testing', 'vendor-apis');
    if (existsSync(path.join(candidate, 'SOURCES.md'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`libs/testing/vendor-apis not found above ${__dirname}`);
  }
}

/** The published description, parsed. */
export function loadVendorDescription(name: VendorDescriptionName): OpenApiDocument {
  const text = readFileSync(path.join(vendorApisDirectory(), FILES[name]), 'utf8');
  return (FILES[name].endsWith('.json') ? JSON.parse(text) : YAML.parse(text)) as OpenApiDocument;
}

const written = new Map<VendorDescriptionName, string>();

/** A path to the corrected copy Prism should read (written once per process). */
export function vendorDescriptionFile(name: VendorDescriptionName): string {
  const known = written.get(name);
  if (known && existsSync(known)) return known;
  const document = correctForPrism(loadVendorDescription(name));
  const dir = path.join(os.tmpdir(), 'suite-vendor-apis');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.${process.pid}.json`);
  writeFileSync(file, JSON.stringify(document));
  written.set(name, file);
  return file;
}

/** Both corrections of SOURCES.md; each is a no-op on a description that does not need it. */
export function correctForPrism(document: OpenApiDocument): OpenApiDocument {
  explodeFormArrays(document);
  dropExplicitNullFromNullableEnums(document);
  return document;
}

/**
 * Prism reads `a=1&a=2` as `a=2` unless the form's Encoding Object says `style: form, explode:
 * true` for `a` (stoplightio/prism#2473). OpenAPI's default for forms is exactly that, so declaring
 * it changes nothing of the contract.
 */
function explodeFormArrays(document: OpenApiDocument): void {
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item ?? {})) {
      const form = (operation as Operation | undefined)?.requestBody?.content?.['application/x-www-form-urlencoded'];
      const properties = form?.schema?.properties;
      if (!form || !properties) continue;
      for (const [property, schema] of Object.entries(properties)) {
        if ((schema as Schema).type !== 'array') continue;
        form.encoding ??= {};
        form.encoding[property] = { style: 'form', explode: true };
      }
    }
  }
}

/** `nullable: true` with `null` also in `enum`: Prism adds a second null and then skips validation. */
function dropExplicitNullFromNullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(dropExplicitNullFromNullableEnums);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as Schema;
  if (schema.nullable === true && Array.isArray(schema.enum) && schema.enum.includes(null)) {
    schema.enum = schema.enum.filter((value) => value !== null);
  }
  Object.values(node).forEach(dropExplicitNullFromNullableEnums);
}

interface Schema {
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, unknown>;
}

interface Operation {
  requestBody?: {
    content?: Record<string, { schema?: Schema; encoding?: Record<string, { style: string; explode: boolean }> }>;
  };
}

export interface OpenApiDocument {
  paths?: Record<string, Record<string, unknown> | undefined>;
  [key: string]: unknown;
}
