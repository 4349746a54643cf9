import { inspectUntrusted } from '@suite/http';
import { listed } from '../condition-config';
import { badTextMessage, isPlainObject } from '../config-values';
import { type GraphReference, graphReferences } from '../graph-references';
import { graphProblemsAsFields, validateGraph } from '../validate-graph';
import type { WorkflowGraph } from '../workflow-graph';
import { migrateWorkflow, PACKAGE_MIGRATIONS, type PackageMigration } from './package-migrations';

export const PACKAGE_SCHEMA = 'service.workflow.export';
export const PACKAGE_VERSION = 1;

export const WORKFLOW_NAME_MAX_LENGTH = 255;
export const WORKFLOW_DESCRIPTION_MAX_LENGTH = 10_000;
/** Settings as JSON text, at most this many bytes. */
export const WORKFLOW_SETTINGS_MAX_BYTES = 64 * 1024;
export const DEFAULT_IMPORTED_NAME = 'Imported workflow';

/**
 * The export package: what a workflow is, without whose it is (no company, no ids of the
 * workflow itself), so another company can import it. Ids inside the graph (pipelines, stages,
 * users…) still name the exporter's records: the importer reviews them (graphReferences).
 */
export interface WorkflowPackage {
  schema: typeof PACKAGE_SCHEMA;
  version: number;
  workflow: {
    name: string;
    description: string | null;
    trigger_config: WorkflowGraph;
    settings: Record<string, unknown>;
  };
}

export function buildPackage(w: {
  name: string;
  description: string | null;
  triggerConfig: WorkflowGraph;
  settings: Record<string, unknown>;
}): WorkflowPackage {
  return {
    schema: PACKAGE_SCHEMA,
    version: PACKAGE_VERSION,
    workflow: { name: w.name, description: w.description, trigger_config: w.triggerConfig, settings: w.settings },
  };
}

export type ParsedPackage =
  | {
      ok: true;
      workflow: {
        name: string;
        description: string | null;
        graph: WorkflowGraph;
        settings: Record<string, unknown>;
        references: GraphReference[];
      };
    }
  | { ok: false; status: 400 | 422; message: string; fields: Record<string, string[]> };

const PACKAGE_KEYS = new Set(['schema', 'version', 'workflow']);
const WORKFLOW_KEYS = new Set(['name', 'description', 'trigger_config', 'settings']);

/** Which versions this build reads and how it upgrades older ones; a parameter so tests can pretend a later version. */
export interface PackageReader {
  version: number;
  migrations: readonly PackageMigration[];
}
const CURRENT_READER: PackageReader = { version: PACKAGE_VERSION, migrations: PACKAGE_MIGRATIONS };

const refuse = (message: string, fields: Record<string, string[]> = {}): ParsedPackage => ({
  ok: false,
  status: 400,
  message,
  fields,
});

/**
 * An import body: the whole package, or its `workflow` object alone (recognised by
 * `trigger_config` and no `schema`; read as the current version). What is not a package of a
 * version this build reads is a 400; a package whose content is wrong is a 422 naming the fields.
 *
 * Unknown keys, at the package level and in `workflow`, are refused (400) rather than dropped:
 * a package is a file people pass around, and silently losing part of it (or accepting a
 * `company_id` someone added) would import something other than what they think they imported.
 */
export function parsePackage(input: unknown, reader: PackageReader = CURRENT_READER): ParsedPackage {
  if (!isPlainObject(input))
    return refuse('The body must be a workflow export package (an object with schema, version and workflow).');
  const isWrapper =
    !Object.hasOwn(input, 'schema') && !Object.hasOwn(input, 'workflow') && Object.hasOwn(input, 'trigger_config');
  if (isWrapper) return readWorkflow(input, '');

  const unknown = Object.keys(input).filter((key) => !PACKAGE_KEYS.has(key));
  if (unknown.length > 0) return refuse(`The package has unknown properties: ${listed(unknown)}.`, unknownFields(unknown));
  if (Object.hasOwn(input, 'schema') && input['schema'] !== PACKAGE_SCHEMA)
    return refuse(`This is not a workflow export package: its schema must be "${PACKAGE_SCHEMA}".`, {
      schema: [`must be "${PACKAGE_SCHEMA}".`],
    });
  const version = input['version'];
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1 || version > reader.version) {
    const message = `This build reads workflow packages up to version ${reader.version}.`;
    return refuse(message, { version: [message] });
  }
  if (!isPlainObject(input['workflow']))
    return refuse('The package must hold a workflow object.', { workflow: ['must be an object.'] });
  const migrated = migrateWorkflow(input['workflow'], version, reader.version, reader.migrations);
  if (!migrated.ok) return refuse(migrated.message, { version: [migrated.message] });
  return readWorkflow(migrated.workflow, 'workflow.');
}

/** Each unknown property as a field of the 400, as the validation pipe names unknown body fields (the first 20). */
const unknownFields = (keys: string[], prefix = ''): Record<string, string[]> =>
  Object.fromEntries(keys.slice(0, 20).map((key) => [`${prefix}${key}`, [`property ${key} should not exist`]]));

/** `prefix`: where the workflow object sits in the body (`workflow.`, or '' for the wrapper alone), for unknown fields. */
function readWorkflow(workflow: Record<string, unknown>, prefix: string): ParsedPackage {
  const unknown = Object.keys(workflow).filter((key) => !WORKFLOW_KEYS.has(key));
  if (unknown.length > 0)
    return refuse(`The package's workflow has unknown properties: ${listed(unknown)}.`, unknownFields(unknown, prefix));
  const fields: Record<string, string[]> = {};
  const problem = (field: string, message: string) => (fields[field] ??= []).push(message);

  const name = readOptionalText(workflow['name'], WORKFLOW_NAME_MAX_LENGTH);
  if (typeof name !== 'object') problem('name', name);
  const description = readOptionalText(workflow['description'], WORKFLOW_DESCRIPTION_MAX_LENGTH);
  if (typeof description !== 'object') problem('description', description);
  const settings = readSettings(workflow['settings']);
  if (typeof settings === 'string') problem('settings', settings);

  let graph: WorkflowGraph | null = null;
  if (!Object.hasOwn(workflow, 'trigger_config')) problem('trigger_config', 'is required.');
  else {
    const validation = validateGraph(workflow['trigger_config']);
    if (validation.ok) graph = validation.graph;
    else Object.assign(fields, graphProblemsAsFields(validation.problems));
  }
  if (Object.keys(fields).length > 0 || graph === null || typeof settings === 'string')
    return { ok: false, status: 422, message: 'The workflow package is not valid.', fields };
  return {
    ok: true,
    workflow: {
      name: (typeof name === 'object' && name.text) || DEFAULT_IMPORTED_NAME,
      description: typeof description === 'object' ? description.text : null,
      graph,
      settings,
      references: graphReferences(graph),
    },
  };
}

/** `{ text }` (null when absent or blank) or the problem as a sentence. */
function readOptionalText(value: unknown, maxLength: number): { text: string | null } | string {
  if (value === undefined || value === null) return { text: null };
  if (typeof value !== 'string') return 'must be a string.';
  const bad = badTextMessage(value);
  if (bad) return bad;
  const trimmed = value.trim();
  if (trimmed.length > maxLength) return `must be at most ${maxLength} characters.`;
  return { text: trimmed === '' ? null : trimmed };
}

/** An object of at most 64 KB as JSON, with storable text throughout and a bounded depth; absent → {}. */
function readSettings(value: unknown): Record<string, unknown> | string {
  if (value === undefined || value === null) return {};
  if (!isPlainObject(value)) return 'must be an object.';
  // Checked before serialising: JSON.stringify recurses, and a deep enough value overflows the stack.
  const problem = inspectUntrusted(value);
  if (problem)
    return `holds a value that cannot be stored (${problem.kind.replaceAll('_', ' ')} at "${problem.path.slice(0, 100)}").`;
  if (Buffer.byteLength(JSON.stringify(value), 'utf8') > WORKFLOW_SETTINGS_MAX_BYTES)
    return `must be at most ${WORKFLOW_SETTINGS_MAX_BYTES} bytes as JSON.`;
  return value;
}
