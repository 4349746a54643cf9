import {
  type Condition,
  type ConditionOperator,
  CUSTOM_FIELD_PREFIX,
  REPLY_OPERATORS,
  STAGE_OPERATORS,
  TAG_OPERATORS,
  TEXT_CONDITION_FIELDS,
  TEXT_OPERATORS,
} from './conditions';
import { isPlainObject, readReference, readTag, readText, type ReadResult } from './config-values';
import { CUSTOM_FIELD_KEY } from './template-renderer';

export const MAX_CONDITIONS = 20;
export const CONDITION_TEXT_MAX_LENGTH = 255;

/** A problem at a path relative to the config field (`[2].value`). */
export interface ValueProblem {
  path: string;
  message: string;
}

/** How each kind of field is compared: its operators and what its value must be. */
interface FieldRule {
  operators: readonly string[];
  /** null: the operator takes no value. */
  readValue: (value: unknown, operator: string) => ReadResult<string> | null;
}

const textRule: FieldRule = {
  operators: TEXT_OPERATORS,
  readValue: (value, operator) => (operator === 'is_empty' || operator === 'is_not_empty' ? null : requiredText(value)),
};
const RULES: Record<'tags' | 'stage' | 'last_reply', FieldRule> = {
  tags: { operators: TAG_OPERATORS, readValue: (value) => readTag(value) },
  stage: { operators: STAGE_OPERATORS, readValue: (value) => readReference(value, 'stage') },
  last_reply: { operators: REPLY_OPERATORS, readValue: () => null },
};

function requiredText(value: unknown): ReadResult<string> {
  const text = readText(value, CONDITION_TEXT_MAX_LENGTH);
  return text.ok && text.value === '' ? { ok: false, message: 'must not be blank.' } : text;
}

function ruleFor(field: string): FieldRule | null {
  if ((TEXT_CONDITION_FIELDS as readonly string[]).includes(field)) return textRule;
  if (field.startsWith(CUSTOM_FIELD_PREFIX) && CUSTOM_FIELD_KEY.test(field.slice(CUSTOM_FIELD_PREFIX.length))) return textRule;
  return field === 'tags' || field === 'stage' || field === 'last_reply' ? RULES[field] : null;
}

/** The conditions of an if_else, normalised (trimmed text, decimal stage ids), or what is wrong with them. */
export function readConditions(value: unknown): { conditions: Condition[]; problems: ValueProblem[] } {
  const conditions: Condition[] = [];
  const problems: ValueProblem[] = [];
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_CONDITIONS) {
    problems.push({ path: '', message: `must be a list of 1 to ${MAX_CONDITIONS} conditions.` });
    return { conditions, problems };
  }
  value.forEach((item, index) => {
    const read = readCondition(item);
    if ('condition' in read) conditions.push(read.condition);
    else problems.push(...read.problems.map((problem) => ({ path: `[${index}]${problem.path}`, message: problem.message })));
  });
  return { conditions, problems };
}

function readCondition(item: unknown): { condition: Condition } | { problems: ValueProblem[] } {
  if (!isPlainObject(item)) return { problems: [{ path: '', message: 'must be an object with field, operator and value.' }] };
  const unknown = Object.keys(item).filter((key) => key !== 'field' && key !== 'operator' && key !== 'value');
  if (unknown.length > 0) return { problems: [{ path: '', message: `has unknown properties: ${listed(unknown)}.` }] };
  const field = typeof item['field'] === 'string' ? item['field'] : '';
  const rule = ruleFor(field);
  if (!rule)
    return {
      problems: [
        {
          path: '.field',
          message: `must be one of ${TEXT_CONDITION_FIELDS.join(', ')}, custom_fields.<key>, tags, stage, last_reply.`,
        },
      ],
    };
  const operator = item['operator'];
  if (typeof operator !== 'string' || !rule.operators.includes(operator))
    return { problems: [{ path: '.operator', message: `must be one of: ${rule.operators.join(', ')} (for ${field}).` }] };
  const read = rule.readValue(item['value'], operator);
  if (read === null) {
    // No value is taken; an empty one (as forms send) is dropped rather than refused.
    const given = item['value'];
    if (given !== undefined && given !== null && given !== '')
      return { problems: [{ path: '.value', message: `must be absent for ${operator}.` }] };
    return { condition: { field, operator: operator as ConditionOperator } };
  }
  if (!read.ok) return { problems: [{ path: '.value', message: read.message }] };
  return { condition: { field, operator: operator as ConditionOperator, value: read.value } };
}

/** Names from input, shown safely and briefly in a message. */
export function listed(names: string[]): string {
  const shown = names.slice(0, 5).map((name) => JSON.stringify(name.toWellFormed().slice(0, 64)));
  return shown.join(', ') + (names.length > 5 ? ` and ${names.length - 5} more` : '');
}
