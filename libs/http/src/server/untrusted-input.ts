/**
 * What every value that enters an API must be before any code of ours looks at it:
 *  - text is well-formed Unicode without NUL. PostgreSQL refuses NUL in text (a 500 for any
 *    stored field), and a lone UTF-16 surrogate survives JSON.parse only to fail later, far from
 *    the request: as `\ud800` in an event envelope it can make an outbox relay retry one row
 *    forever while every later event of the app waits behind it (decision 0020);
 *  - structures are shallow and small enough for recursive code (class-transformer and
 *    class-validator recurse per level: a deep enough body overflows the stack in the validation
 *    pipe, decision 0022) and for a validation pass that costs in proportion to the body.
 * The walk is iterative, so the check itself has no depth limit of its own.
 */

export interface InputLimits {
  /** Containers inside containers: `{"a":[1]}` is depth 2. */
  maxDepth: number;
  /** Values and keys in all, a bound on the work any later pass does over the body. */
  maxNodes: number;
}

/** Deep enough for any body the APIs take (workflow graphs are about 6 levels); far from the stack's limit. */
export const DEFAULT_INPUT_LIMITS: InputLimits = { maxDepth: 32, maxNodes: 50_000 };

export type InputProblemKind = 'nul' | 'lone_surrogate' | 'too_deep' | 'too_many_nodes';

export interface InputProblem {
  kind: InputProblemKind;
  /** Where, in the field-path form the validation errors use (`attachments.2`, `trigger_config.actions.0`); '' is the whole value. */
  path: string;
  /** True when the problem is in a key (a property name), not in a value. */
  inKey: boolean;
}

/** Whether one string may enter: well-formed Unicode, no NUL. */
export function textProblem(text: string): 'nul' | 'lone_surrogate' | null {
  if (text.includes('\u0000')) return 'nul';
  if (!text.isWellFormed()) return 'lone_surrogate';
  return null;
}

/**
 * The first problem in a parsed value (JSON body, form, query), or null. `root` prefixes the
 * paths (a query parameter's name, say).
 */
export function inspectUntrusted(value: unknown, limits: InputLimits = DEFAULT_INPUT_LIMITS, root = ''): InputProblem | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: root, depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (++nodes > limits.maxNodes) return { kind: 'too_many_nodes', path: '', inKey: false };
    if (typeof current === 'string') {
      const kind = textProblem(current);
      if (kind) return { kind, path, inKey: false };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth + 1 > limits.maxDepth) return { kind: 'too_deep', path, inKey: false };
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        stack.push({ value: current[i], path: join(path, String(i)), depth: depth + 1 });
      continue;
    }
    const keys = Object.keys(current);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const kind = textProblem(key);
      if (kind) return { kind, path: join(path, printable(key)), inKey: true };
      stack.push({ value: (current as Record<string, unknown>)[key], path: join(path, key), depth: depth + 1 });
    }
    nodes += keys.length;
  }
  return null;
}

const join = (parent: string, child: string): string => (parent ? `${parent}.${child}` : child);

/** A key that is itself the problem, shown without the character that broke it. */
function printable(key: string): string {
  return key.toWellFormed().replaceAll('\u0000', '\\u0000');
}

/** The sentence an API shows for a problem, naming the field and what to fix. */
export function describeInputProblem(problem: InputProblem, limits: InputLimits = DEFAULT_INPUT_LIMITS): string {
  const where = problem.path ? (problem.inKey ? `The property name ${problem.path}` : problem.path) : 'The request';
  switch (problem.kind) {
    case 'nul':
      return `${where} must not contain NUL characters (\\u0000).`;
    case 'lone_surrogate':
      return `${where} must be well-formed Unicode text: it holds an unpaired UTF-16 surrogate.`;
    case 'too_deep':
      return `The request nests objects and arrays more than ${limits.maxDepth} levels deep${problem.path ? ` (at ${problem.path})` : ''}.`;
    case 'too_many_nodes':
      return `The request holds more than ${limits.maxNodes} values.`;
  }
}

/** Field errors for APIs whose error body lists them: the problem under its field ('' → `body`). */
export function inputProblemFields(problem: InputProblem, limits: InputLimits = DEFAULT_INPUT_LIMITS): Record<string, string[]> {
  return { [problem.path || 'body']: [describeInputProblem(problem, limits)] };
}

/**
 * A raw body (a provider's callback: it skips the app's parser) read as JSON that passes the
 * check every API body passes: the value, or why it is refused ("body is not JSON", "body is
 * refused: …"), for the caller's own error.
 */
export function parseUntrustedJson(rawBody: Buffer | string): { ok: true; value: unknown } | { ok: false; problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(rawBody.toString());
  } catch {
    return { ok: false, problem: 'body is not JSON' };
  }
  const problem = inspectUntrusted(value);
  return problem ? { ok: false, problem: `body is refused: ${describeInputProblem(problem)}` } : { ok: true, value };
}
