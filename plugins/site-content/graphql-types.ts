import {
  AboutFileSchema,
  CompanyFileSchema,
  ContactFileSchema,
  ContentPageSchema,
  HomeFileSchema,
  LegalFileSchema,
  PricingFileSchema,
  ServiceSchema,
  ServicesPageFileSchema,
} from '@site/contracts';
import { Kind, type TObject, type TSchema } from '@sinclair/typebox';

/** The types that implement the interfaces of ContentPageSchema (a test holds them to it). */
export const CONTENT_PAGE_TYPES = {
  AboutYaml: ['ContentPage'],
  ContactYaml: ['ContentPage'],
  PricingYaml: ['ContentPage'],
  ServicesPageYaml: ['ContentPage'],
  ContentHero: ['PageHero'],
  ServicesPageHero: ['PageHero'],
} as const;

/**
 * The node types of the page files, made from their schemas. (ProjectsYaml and CategoriesYaml are
 * declared by the projects and blog plugins, beside the fields they add; a test holds them to
 * their schemas.)
 */
export function siteContentTypeDefs(): string {
  return graphqlTypeDefs(
    [
      CompanyFileSchema,
      LegalFileSchema,
      ServiceSchema,
      PricingFileSchema,
      HomeFileSchema,
      AboutFileSchema,
      ServicesPageFileSchema,
      ContactFileSchema,
    ],
    { interfaces: [ContentPageSchema], implementations: CONTENT_PAGE_TYPES },
  );
}

/**
 * GraphQL type definitions (SDL) for Gatsby's createTypes, made from the content schemas
 * (contracts/src/site-content.ts), so the node types the pages query are the schema itself: an
 * object's `title` names its type, a required field is non-null, a list is a list of non-null
 * items, a choice of words is a String. Each file's top type is a node type that infers nothing.
 *
 * `interfaces` are object schemas written as GraphQL interfaces (their object fields' types too),
 * and `implementations` names, per type, the interfaces it implements: the pages select the
 * fields that several files share with one fragment on the interface.
 */
export function graphqlTypeDefs(
  nodeSchemas: readonly TObject[],
  {
    interfaces = [],
    implementations = {},
  }: {
    interfaces?: readonly TObject[];
    implementations?: Readonly<Record<string, readonly string[]>>;
  } = {},
): string {
  const written = new Map<string, string>();
  const nodeTypes = new Set(nodeSchemas.map((schema) => typeName(schema)));
  let asInterface = false;

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
    const implemented = [
      ...(nodeTypes.has(name) ? ['Node'] : []),
      ...(implementations[name] ?? []),
    ];
    const head = asInterface
      ? `interface ${name}`
      : `type ${name}${implemented.length > 0 ? ` implements ${implemented.join(' & ')}` : ''}${
          nodeTypes.has(name) ? ' @dontInfer' : ''
        }`;
    written.set(name, `${head} {\n${fields.join('\n')}\n}`);
    return name;
  }

  asInterface = true;
  for (const schema of interfaces) writeObject(schema);
  asInterface = false;
  for (const schema of nodeSchemas) writeObject(schema);
  return [...written.values()].join('\n');
}

function typeName(schema: TSchema): string {
  const name = (schema as { title?: unknown }).title;
  if (typeof name !== 'string')
    throw new Error('graphqlTypeDefs: every object schema needs a title, its GraphQL type name.');
  return name;
}
