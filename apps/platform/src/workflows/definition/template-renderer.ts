/**
 * Message templates: `Hi {{ contact.first_name | default: "there" }}`. Deliberately tiny — a
 * tag names one of a fixed set of paths, nothing is evaluated, and lookups go through
 * own-property checks, so `{{ contact.__proto__ }}` or `{{ contact.constructor }}` are
 * merely unknown fields (empty text), never a way into an object's prototype.
 */
export interface TemplateContact {
  first_name: string | null;
  last_name: string | null;
  full_name: string | null;
  email: string | null;
  phone: string | null;
  source: string | null;
  custom_fields: Record<string, unknown>;
}

export interface TemplateContext {
  contact: TemplateContact;
  company?: { name: string | null };
}

/** The contact fields a template may name directly (custom fields are `contact.custom_fields.<key>`). */
export const TEMPLATE_CONTACT_FIELDS = ['first_name', 'last_name', 'full_name', 'email', 'phone', 'source'] as const;
export const CUSTOM_FIELD_KEY = /^[A-Za-z0-9_]{1,64}$/;

/**
 * One tag: `{{`, a dotted path, an optional `| default: "…"` (with `\"` and `\\` escapes), `}}`.
 * Anything else between braces is not a tag and stays literal text. Bounded quantifiers and no
 * nested repetition keep matching linear on hostile input.
 */
const TAG = /\{\{[ \t]*([A-Za-z0-9_.]{1,200})[ \t]*(?:\|[ \t]*default:[ \t]*"((?:[^"\\\n]|\\["\\]){0,500})"[ \t]*)?\}\}/g;

/** The paths the template's tags name, in order of appearance, each once. */
export function templatePaths(template: string): string[] {
  const paths = new Set<string>();
  for (const match of template.matchAll(TAG)) paths.add(match[1] as string);
  return [...paths];
}

/** Whether a path names something the context has (unknown paths render as empty text). */
export function isKnownTemplatePath(path: string): boolean {
  if (path === 'company.name') return true;
  const [root, field, key, ...rest] = path.split('.');
  if (root !== 'contact' || rest.length > 0) return false;
  if (field === 'custom_fields') return key !== undefined && CUSTOM_FIELD_KEY.test(key);
  return key === undefined && (TEMPLATE_CONTACT_FIELDS as readonly string[]).includes(field ?? '');
}

/** The template with each tag replaced, cut to at most `maxLength` UTF-16 units at a code point boundary. */
export function renderTemplate(template: string, context: TemplateContext, maxLength: number): string {
  const rendered = template.replace(TAG, (_tag, path: string, fallback: string | undefined) => {
    const value = valueAt(path, context);
    if (value !== '' || fallback === undefined) return value;
    return fallback.replace(/\\(["\\])/g, '$1');
  });
  return cutAt(rendered, maxLength);
}

function valueAt(path: string, context: TemplateContext): string {
  if (!isKnownTemplatePath(path)) return '';
  const [root, field, key] = path.split('.') as [string, string, string | undefined];
  if (root === 'company') return scalarText(context.company?.name);
  const contact = context.contact;
  if (field === 'custom_fields') {
    const fields = contact.custom_fields;
    return key !== undefined && isRecord(fields) && Object.hasOwn(fields, key) ? scalarText(fields[key]) : '';
  }
  return Object.hasOwn(contact, field) ? scalarText(contact[field as keyof TemplateContact]) : '';
}

/** Text for a scalar; '' for null, objects, arrays and non-finite numbers. Made storable (no NUL, no lone surrogate). */
function scalarText(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
  else if (typeof value === 'boolean') text = String(value);
  else return '';
  return text.replaceAll('\u0000', '').toWellFormed();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function cutAt(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const limit = Math.max(0, Math.floor(maxLength));
  // Do not keep the high half of a surrogate pair whose low half falls beyond the limit.
  const last = text.charCodeAt(limit - 1);
  const end = limit > 0 && last >= 0xd800 && last <= 0xdbff ? limit - 1 : limit;
  return text.slice(0, end);
}
