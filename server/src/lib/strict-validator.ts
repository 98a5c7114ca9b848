import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { type ValueError, ValueErrorType } from '@sinclair/typebox/errors';
import { Value } from '@sinclair/typebox/value';
import { isEmailAddress } from '@site/contracts';

/** Every `format` a contract uses, with the words its failure gets. */
const FORMATS: Record<string, { check: (value: string) => boolean; words: string }> = {
  // The one address rule the site's forms apply too.
  email: { check: isEmailAddress, words: 'must be a valid e-mail address' },
};
for (const [name, format] of Object.entries(FORMATS)) FormatRegistry.Set(name, format.check);

const limit = (error: ValueError, key: string) =>
  String((error.schema as Record<string, unknown>)[key]);

/**
 * The one table of validation messages for the whole API: the phrase that follows the field name
 * in "Please check the body: <field> <phrase>." A schema node's own `errorMessage` wins.
 */
export function phrase(error: ValueError): string {
  if (error.type === ValueErrorType.ObjectRequiredProperty) return 'is required';
  if (error.type === ValueErrorType.ObjectAdditionalProperties) return 'is not an accepted field';
  const custom = (error.schema as { errorMessage?: unknown }).errorMessage;
  if (typeof custom === 'string') return custom;
  switch (error.type) {
    case ValueErrorType.Object:
      return 'must be a JSON object';
    case ValueErrorType.String:
      return 'must be text';
    case ValueErrorType.StringMaxLength:
      return `must be at most ${limit(error, 'maxLength')} characters`;
    case ValueErrorType.StringMinLength:
      return limit(error, 'minLength') === '1'
        ? 'must not be empty'
        : `must be at least ${limit(error, 'minLength')} characters`;
    case ValueErrorType.StringPattern:
      return 'is not in the accepted form';
    case ValueErrorType.StringFormat:
      return FORMATS[limit(error, 'format')]?.words ?? 'is not in the accepted form';
    case ValueErrorType.Boolean:
      return 'must be true or false';
    case ValueErrorType.Integer:
      return 'must be a whole number';
    case ValueErrorType.Number:
      return 'must be a number';
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.NumberMinimum:
      return `must be at least ${limit(error, 'minimum')}`;
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.NumberMaximum:
      return `must be at most ${limit(error, 'maximum')}`;
    case ValueErrorType.Array:
      return 'must be a list';
    case ValueErrorType.Literal:
    case ValueErrorType.Union:
      return 'is not one of the accepted values';
    default:
      return error.message.charAt(0).toLowerCase() + error.message.slice(1);
  }
}

/**
 * Converts path/query strings to the schema's types, keeping a string whose number does not read
 * back the same ("1.5" and "1e3" would otherwise become 1), so that it fails the check instead.
 */
function convertExactly(schema: TSchema, input: unknown): unknown {
  // Convert may change its argument in place; the original strings are needed for the comparison.
  const converted = Value.Convert(schema, Value.Clone(input));
  if (
    typeof input !== 'object' ||
    input === null ||
    typeof converted !== 'object' ||
    converted === null
  ) {
    return converted;
  }
  const original = input as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(converted).map(([key, v]) => [
      key,
      typeof v === 'number' && String(v) !== original[key] ? original[key] : v,
    ]),
  );
}

/**
 * Every /api/v1 route validates with TypeBox directly instead of Fastify's Ajv, which coerces
 * types: `{"email": ["a@example.com"]}` would pass as a string, `{"name": 123}` as "123", and 0
 * inside a union would become null. Bodies must already have the right JSON types; only path and
 * query parameters, which are always strings, are converted. Failures keep the shape the errors
 * plugin turns into a sentence.
 */
export const strictValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = TypeCompiler.Compile(schema);
  // A POST without a body means "nothing to say" where every field is optional (Select Winner).
  const emptyBodyAllowed = httpPart === 'body' && check.Check({});
  return (input: unknown) => {
    const value =
      httpPart === 'body'
        ? (input === undefined || input === null) && emptyBodyAllowed
          ? {}
          : input
        : convertExactly(schema, input);
    if (check.Check(value)) return { value };
    const first = check.Errors(value).First();
    const error: FastifySchemaValidationError = {
      keyword: first ? ValueErrorType[first.type] : 'invalid',
      instancePath: first?.path ?? '',
      schemaPath: '',
      params: {},
      message: first ? phrase(first) : 'is invalid',
    };
    return { error: [error] };
  };
};
