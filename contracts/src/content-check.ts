import { Kind, type TSchema } from '@sinclair/typebox';
import { Value, ValueErrorType, type ValueError } from '@sinclair/typebox/value';

/**
 * Checks a value read from a site content file against its schema (./site-content.ts) and says
 * what is wrong in sentences that name the file, the field and the fix, so whoever edits the copy
 * can mend the build without reading code:
 *
 *   content/pricing.yaml is missing the required field "plans[0].price".
 *   content/company.yaml has "twenty" in field "foundedYear"; write a whole number from 1900 to 2100.
 *   content/pricing.yaml has the unknown field "plans[0].prise"; known fields there: id, name, ….
 *
 * `where` names the file ("content/pricing.yaml", or "Project "x" in content/projects.yaml" for one
 * entry), `prefix` the entry's place in a list file ("[5]"). A field left empty in YAML (null) or
 * holding only spaces counts as missing: optional fields may be left so.
 */
export function checkContent(
  schema: TSchema,
  value: unknown,
  where: string,
  prefix = '',
): string[] {
  const cleaned = withoutEmptyFields(value);
  const problems: string[] = [];
  const reported: string[] = [];
  for (const error of Value.Errors(schema, cleaned)) {
    const field = prefix + fieldPath(error.path);
    // One sentence per field, and none below a field already refused as a whole.
    const inside = (done: string) =>
      field === done || field.startsWith(`${done}.`) || field.startsWith(`${done}[`);
    if (reported.some(inside)) continue;
    reported.push(field);
    problems.push(sentence(error, field, where));
  }
  return problems;
}

/** "/plans/0/price" → "plans[0].price"; "/5/name" → "[5].name". */
function fieldPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce(
      (path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part),
      '',
    );
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Drops the keys whose value is null (YAML's empty value), at every depth. */
function withoutEmptyFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmptyFields);
  if (typeof value !== 'object' || value === null) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== null) kept[key] = withoutEmptyFields(item);
  }
  return kept;
}

function shown(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object' && value !== null) return 'a group of fields';
  return `"${String(value)}"`;
}

function sentence({ type, schema, value }: ValueError, field: string, where: string): string {
  if (type === ValueErrorType.ObjectAdditionalProperties) {
    const known = Object.keys((schema as { properties?: object }).properties ?? {});
    return `${where} has the unknown field "${field}"; known fields there: ${known.join(', ')}.`;
  }
  if (isBlank(value)) return `${where} is missing the required field "${field}".`;
  if (schema[Kind] === 'Array') return `${where} needs field "${field}" as a non-empty list.`;
  const has = `${where} has ${shown(value)} in field "${field}"`;
  const hint = (schema as { hint?: unknown }).hint;
  if (typeof hint === 'string' && typeof value === 'string') return `${has}; ${hint}.`;
  switch (schema[Kind]) {
    case 'String':
      return typeof value === 'number' || typeof value === 'boolean'
        ? `${has}; write it in quotes there ('${String(value)}'), as a text.`
        : `${has}; write a text there.`;
    case 'Integer':
      return `${has}; write a whole number from ${String(schema.minimum)} to ${String(schema.maximum)}.`;
    case 'Boolean':
      return `${has}; write true or false.`;
    case 'Union': {
      const choices = (schema.anyOf as { const?: unknown }[]).map((option) => String(option.const));
      return `${has}; use one of: ${choices.join(', ')}.`;
    }
    case 'Object':
      return `${has}; it needs named fields.`;
    default:
      return `${has}; that is not allowed there.`;
  }
}
