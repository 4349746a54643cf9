import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Absolute path of `name` found on PATH, or undefined.
 * Scanning PATH instead of running `name --version` keeps the check instant (a JVM or
 * Maven start is slow) and free of side effects.
 */
export function findExecutable(name: string, searchPath = process.env.PATH ?? ''): string | undefined {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

/** The JVM to run Kafka with: $JAVA_HOME/bin/java when it exists (what Maven uses too), else `java` on PATH. */
export function findJava(): string | undefined {
  const javaHome = process.env.JAVA_HOME;
  if (javaHome) {
    const candidate = path.join(javaHome, 'bin', 'java');
    if (isExecutableFile(candidate)) return candidate;
  }
  return findExecutable('java');
}

function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
