/**
 * How the `workflow` object of an older package becomes the current one. Version 1 is the first,
 * so the list is empty today. When version 2 changes the package, add `{ from: 1, migrate }`
 * turning a version-1 workflow into a version-2 one, and raise PACKAGE_VERSION: every package
 * ever exported keeps importing, migrated one version at a time.
 */
export interface PackageMigration {
  /** The version it reads; it answers version `from + 1`. */
  from: number;
  migrate(workflow: Record<string, unknown>): Record<string, unknown>;
}

export const PACKAGE_MIGRATIONS: readonly PackageMigration[] = [];

export type MigrationResult = { ok: true; workflow: Record<string, unknown> } | { ok: false; message: string };

/**
 * Runs the migrations from `fromVersion` up to `toVersion`, in order. A missing step, or one
 * that throws (the package is not what its version says), is a refusal rather than a guess.
 */
export function migrateWorkflow(
  workflow: Record<string, unknown>,
  fromVersion: number,
  toVersion: number,
  migrations: readonly PackageMigration[] = PACKAGE_MIGRATIONS,
): MigrationResult {
  let current = workflow;
  for (let version = fromVersion; version < toVersion; version++) {
    const step = migrations.find((migration) => migration.from === version);
    if (!step) return { ok: false, message: `This build cannot read workflow packages of version ${fromVersion}.` };
    try {
      current = step.migrate(current);
    } catch {
      return { ok: false, message: `The workflow package does not have the shape of a version ${fromVersion} package.` };
    }
  }
  return { ok: true, workflow: current };
}
