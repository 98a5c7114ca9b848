import { Kind, type TObject, type TSchema } from '@sinclair/typebox';

/**
 * GraphQL type definitions (SDL) for Gatsby's createTypes, made from the content schemas
 * (contracts/src/site-content.ts), so the node types the pages query are the schema itself: an
 * object's `title` names its type, a required field is non-null, a list is a list of non-null
 * items, a choice of words is a String. Each file's top type is a node type that infers nothing.
 *
 * `extraFields` adds fields that are not in the file (for example a node field another plugin
 * makes) to a type, written as SDL.
 */
export function graphqlTypeDefs(
  nodeSchemas: readonly TObject[],
  extraFields: Readonly<Record<string, string>> = {},
): string {
  const written = new Map<string, string>();
  const nodeTypes = new Set(nodeSchemas.map((schema) => typeName(schema)));

  function typeRef(schema: TSchema): string {
    switch (schema[Kind]) {
      case 'String':
      case 'Union':
        return 'String';
      case 'Integer':
        return 'Int';
      case 'Boolean':
        return 'Boolean';
      case 'Array':
        return `[${typeRef(schema.items as TSchema)}!]`;
      case 'Object':
        return writeObject(schema as TObject);
      default:
        throw new Error(`graphqlTypeDefs: no GraphQL type for a schema of kind ${schema[Kind]}.`);
    }
  }

  function writeObject(schema: TObject): string {
    const name = typeName(schema);
    if (written.has(name)) return name;
    written.set(name, '');
    const required = new Set(schema.required ?? []);
    const fields = Object.entries(schema.properties).map(
      ([key, property]) => `  ${key}: ${typeRef(property)}${required.has(key) ? '!' : ''}`,
    );
    if (extraFields[name]) fields.push(`  ${extraFields[name]}`);
    const head = nodeTypes.has(name) ? `type ${name} implements Node @dontInfer` : `type ${name}`;
    written.set(name, `${head} {\n${fields.join('\n')}\n}`);
    return name;
  }

  for (const schema of nodeSchemas) writeObject(schema);
  return [...written.values()].join('\n');
}

function typeName(schema: TSchema): string {
  const name = (schema as { title?: unknown }).title;
  if (typeof name !== 'string')
    throw new Error('graphqlTypeDefs: every object schema needs a title, its GraphQL type name.');
  return name;
}
