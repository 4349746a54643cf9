import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suiteCacheDir } from '../util/cache-dir';
import { findExecutable, findJava } from '../util/find-executable';
import { runCommand } from '../util/run-command';
import { renderKafkaPom } from './kafka-pom';

export const DEFAULT_KAFKA_VERSION = '3.9.1';

const MARKER_FILE = '.complete';
// Cold resolution downloads ~100 MB of jars and plugins; give slow mirrors room.
const MAVEN_TIMEOUT_MS = 10 * 60_000;

interface KafkaJarPaths {
  versionDir: string;
  libsDir: string;
  marker: string;
}

export function kafkaJarPaths(version = DEFAULT_KAFKA_VERSION): KafkaJarPaths {
  const versionDir = path.join(suiteCacheDir(), `kafka-${version}`);
  return { versionDir, libsDir: path.join(versionDir, 'libs'), marker: path.join(versionDir, MARKER_FILE) };
}

/** True when the jars for `version` are already in the cache (no Maven needed). */
export function kafkaJarsCached(version = DEFAULT_KAFKA_VERSION): boolean {
  const { marker, libsDir } = kafkaJarPaths(version);
  return existsSync(marker) || isCompleteLibsDir(libsDir, version);
}

/**
 * Directory holding the Kafka broker's runtime jars (use it as `<dir>/*` on a classpath),
 * resolved once with Maven into a cache outside the repository.
 *
 * Concurrency: each caller resolves into its own temp dir next to the target and publishes
 * it with a single rename(2). A `libs` dir therefore only ever appears complete; whoever
 * loses the rename race just uses the winner's copy. The marker file is written after the
 * rename so that a later run can trust the cache without listing it.
 */
export async function ensureKafkaJars(version = DEFAULT_KAFKA_VERSION): Promise<string> {
  const { versionDir, libsDir, marker } = kafkaJarPaths(version);
  if (existsSync(marker)) return libsDir;
  if (isCompleteLibsDir(libsDir, version)) {
    // Published by a run that died before writing the marker.
    await writeMarker(marker, libsDir);
    return libsDir;
  }

  const mvn = findExecutable('mvn');
  const java = findJava();
  if (!mvn || !java) {
    throw new Error(
      `Cannot fetch the Kafka ${version} broker jars: ${[!java && '`java`', !mvn && '`mvn`'].filter(Boolean).join(' and ')} ` +
        'not found on PATH. Install a JDK (17+) and Maven, or point KAFKA_BROKERS at a running broker.',
    );
  }

  await mkdir(versionDir, { recursive: true });
  // Same filesystem as the target, so the final rename is atomic.
  const workDir = await mkdtemp(path.join(versionDir, '.resolve-'));
  try {
    const outputDir = path.join(workDir, 'libs');
    await writeFile(path.join(workDir, 'pom.xml'), renderKafkaPom(version));
    const result = await runCommand(
      mvn,
      ['-q', '-B', '-f', 'pom.xml', 'dependency:copy-dependencies', '-DincludeScope=runtime', `-DoutputDirectory=${outputDir}`],
      { cwd: workDir, timeoutMs: MAVEN_TIMEOUT_MS },
    );
    if (result.code !== 0) {
      throw new Error(`mvn could not resolve Kafka ${version} (exit ${result.code ?? result.signal}):\n${result.output.trim()}`);
    }
    if (!isCompleteLibsDir(outputDir, version)) {
      throw new Error(`mvn finished but ${outputDir} has no kafka_2.13-${version}.jar:\n${result.output.trim()}`);
    }
    try {
      await rename(outputDir, libsDir);
    } catch (error) {
      // Lost the race to a concurrent run: its directory is complete by construction.
      if (!isCompleteLibsDir(libsDir, version)) {
        throw new Error(`Cannot publish Kafka jars into ${libsDir} (it exists but is incomplete; delete it): ${String(error)}`);
      }
    }
    await writeMarker(marker, libsDir);
    return libsDir;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

function isCompleteLibsDir(dir: string, version: string): boolean {
  return existsSync(path.join(dir, `kafka_2.13-${version}.jar`));
}

async function writeMarker(marker: string, libsDir: string): Promise<void> {
  const jars = (await readdir(libsDir)).filter((name) => name.endsWith('.jar')).sort();
  // Write-then-rename so a reader never sees a half-written marker.
  const tmp = `${marker}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify({ completedAt: new Date().toISOString(), jars }, null, 2) + '\n');
  await rename(tmp, marker);
}
