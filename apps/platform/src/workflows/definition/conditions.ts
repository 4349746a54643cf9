/**
 * The conditions of an `if_else`, and how a run judges them against what it knows of the
 * contact. condition-config.ts checks and normalises them when a graph is saved, so here every
 * condition is well formed.
 */
export const TEXT_CONDITION_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'source', 'assigned_to'] as const;
export const TEXT_OPERATORS = ['equals', 'not_equals', 'contains', 'not_contains', 'is_empty', 'is_not_empty'] as const;
export const TAG_OPERATORS = ['includes', 'excludes'] as const;
export const STAGE_OPERATORS = ['is', 'is_not'] as const;
export const REPLY_OPERATORS = ['since_run_start', 'none_since_run_start'] as const;
export const CUSTOM_FIELD_PREFIX = 'custom_fields.';

export type ConditionOperator =
  | (typeof TEXT_OPERATORS)[number]
  | (typeof TAG_OPERATORS)[number]
  | (typeof STAGE_OPERATORS)[number]
  | (typeof REPLY_OPERATORS)[number];

/**
 * `field` is one of TEXT_CONDITION_FIELDS, `custom_fields.<key>`, `tags`, `stage` or
 * `last_reply`; `value` is absent for is_empty, is_not_empty and the last_reply operators.
 */
export interface Condition {
  field: string;
  operator: ConditionOperator;
  value?: string;
}

export type ConditionMatch = 'all' | 'any';

export interface IfElseConfig {
  conditions: Condition[];
  match?: ConditionMatch;
}

/** What the run knows of the contact when it reaches the `if_else`. */
export interface ContactFacts {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  source: string | null;
  assigned_to: string | null;
  tags: string[];
  custom_fields: Record<string, unknown>;
  /** The stages (ids, decimal strings) the contact is in, across pipelines. */
  stage_ids: string[];
  /** Whether the contact replied to a text message after this run began. */
  replied_since_run_start: boolean;
}

/** `match: 'all'` (the default): every condition holds; `'any'`: at least one does. */
export function evaluateConditions(config: IfElseConfig, facts: ContactFacts): boolean {
  const holds = (condition: Condition) => evaluateCondition(condition, facts);
  return config.match === 'any' ? config.conditions.some(holds) : config.conditions.every(holds);
}

export function evaluateCondition(condition: Condition, facts: ContactFacts): boolean {
  const wanted = comparable(condition.value);
  switch (condition.operator) {
    case 'includes':
      return facts.tags.some((tag) => comparable(tag) === wanted);
    case 'excludes':
      return !facts.tags.some((tag) => comparable(tag) === wanted);
    case 'is':
      return facts.stage_ids.includes(condition.value ?? '');
    case 'is_not':
      return !facts.stage_ids.includes(condition.value ?? '');
    case 'since_run_start':
      return facts.replied_since_run_start;
    case 'none_since_run_start':
      return !facts.replied_since_run_start;
    default:
      return compareText(condition.operator, comparable(textFact(condition.field, facts)), wanted);
  }
}

function compareText(operator: (typeof TEXT_OPERATORS)[number], actual: string, wanted: string): boolean {
  switch (operator) {
    case 'equals':
      return actual === wanted;
    case 'not_equals':
      return actual !== wanted;
    case 'contains':
      return actual.includes(wanted);
    case 'not_contains':
      return !actual.includes(wanted);
    case 'is_empty':
      return actual === '';
    case 'is_not_empty':
      return actual !== '';
  }
}

/** The contact's text for a field; a custom field counts when it is a string, number or boolean. */
function textFact(field: string, facts: ContactFacts): unknown {
  if (field.startsWith(CUSTOM_FIELD_PREFIX)) {
    const key = field.slice(CUSTOM_FIELD_PREFIX.length);
    return Object.hasOwn(facts.custom_fields, key) ? facts.custom_fields[key] : null;
  }
  return (TEXT_CONDITION_FIELDS as readonly string[]).includes(field) ? facts[field as keyof ContactFacts] : null;
}

/** Compared trimmed and case-insensitively: "  VIP " equals "vip". */
function comparable(value: unknown): string {
  if (typeof value === 'string') return value.trim().toLowerCase();
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') return String(value).toLowerCase();
  return '';
}
