import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { type ValueError, ValueErrorType } from '@sinclair/typebox/errors';
import { Value } from '@sinclair/typebox/value';

/** Phrases that follow the field name in "Please check the body: <field> <phrase>." */
function phrase(error: ValueError): string {
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
      return `must be at most ${String(error.schema.maxLength)} characters`;
    case ValueErrorType.Boolean:
      return 'must be true or false';
    case ValueErrorType.Integer:
      return 'must be a whole number';
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
 * Giveaway routes validate with TypeBox directly instead of Fastify's Ajv, which coerces types
 * (it turns 0 into null inside a union, so "max 0" would silently mean "unlimited", and true into
 * 1). Bodies must already have the right JSON types; only path parameters, which are always
 * strings, are converted. Failures keep the shape the errors plugin turns into a sentence.
 */
export const strictValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = TypeCompiler.Compile(schema);
  return (input: unknown) => {
    const value = httpPart === 'body' ? input : convertExactly(schema, input);
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
