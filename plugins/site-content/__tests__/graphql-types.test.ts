import {
  CategorySchema,
  ContentPageSchema,
  ProjectSchema,
  SITE_CONTENT_FILES,
  type SiteContentFileName,
} from '@site/contracts';
import type { TObject } from '@sinclair/typebox';
import type { GatsbyNode } from 'gatsby';
import { createSchemaCustomization as blogTypes } from '../../blog/gatsby-node';
import { createSchemaCustomization as projectTypes } from '../../projects/gatsby-node';
import { createSchemaCustomization as contentTypes } from '../gatsby-node';
import { CONTENT_PAGE_TYPES, graphqlTypeDefs } from '../graphql-types';

/** The SDL a plugin's createSchemaCustomization declares. */
function declaredBy(hook: GatsbyNode['createSchemaCustomization']): string {
  let sdl = '';
  const actions = { createTypes: (types: string) => (sdl += `${types}\n`) };
  (hook as (args: unknown) => void)({ actions });
  return sdl;
}

/** The field name → type of `type Name … { … }` or `interface Name { … }` in an SDL text. */
function fieldsOf(sdl: string, name: string): Record<string, string> {
  const match = new RegExp(`(?:type|interface) ${name}\\b[^{]*\\{([^}]*)\\}`).exec(sdl);
  if (!match?.[1]) throw new Error(`no type ${name} in the SDL`);
  return Object.fromEntries(
    match[1]
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('"'))
      .map((line) => {
        const [field, type] = line.split(/:\s*/);
        return [field, (type ?? '').split(' ')[0]];
      }),
  );
}

const nodeSchema = (file: SiteContentFileName) => {
  const schema = SITE_CONTENT_FILES[file];
  return ('items' in schema ? schema.items : schema) as TObject;
};

describe('the GraphQL types of the site content', () => {
  const sdl = declaredBy(contentTypes);

  it('are made from the schemas: one node type per page file, required fields non-null', () => {
    expect(fieldsOf(sdl, 'CompanyYaml')).toEqual({
      name: 'String!',
      legalName: 'String!',
      address: 'String!',
      foundedYear: 'Int!',
      email: 'String!',
      phone: 'String!',
      replyTime: 'String!',
      figures: '[CompanyFigure!]!',
      sample: '[String!]',
    });
    expect(fieldsOf(sdl, 'ServicesYaml')).toMatchObject({ card: 'Int', details: 'ServiceDetails' });
    expect(sdl).toMatch(/type PricingYaml implements Node & ContentPage @dontInfer \{/);
    expect(sdl).toMatch(/type HomeYaml implements Node @dontInfer \{/);
    for (const file of Object.keys(SITE_CONTENT_FILES) as SiteContentFileName[]) {
      if (file === 'projects.yaml' || file === 'categories.yaml') continue;
      expect(Object.keys(fieldsOf(sdl, String(nodeSchema(file).title)))).toEqual(
        Object.keys(nodeSchema(file).properties),
      );
    }
  });

  it('declare ContentPage as an interface that each content page type has every field of', () => {
    const shared = fieldsOf(sdl, 'ContentPage');
    expect(Object.keys(shared)).toEqual(Object.keys(ContentPageSchema.properties));
    for (const [type, interfaces] of Object.entries(CONTENT_PAGE_TYPES)) {
      const own = fieldsOf(sdl, type);
      const declared = fieldsOf(sdl, interfaces[0]);
      for (const field of Object.keys(declared)) expect(own).toHaveProperty(field);
    }
  });

  it('refuse a schema without a type name', () => {
    const untitled = { ...ContentPageSchema, title: undefined } as unknown as TObject;
    expect(() => graphqlTypeDefs([untitled])).toThrow(/needs a title/);
  });
});

describe('the node types other plugins declare by hand', () => {
  it('have the fields of their schemas (the projects node keeps `id` as `yamlId`)', () => {
    const categories = fieldsOf(declaredBy(blogTypes), 'CategoriesYaml');
    expect(Object.keys(categories).sort()).toEqual(Object.keys(CategorySchema.properties).sort());
    const projects = fieldsOf(declaredBy(projectTypes), 'ProjectsYaml');
    const expected = Object.keys(ProjectSchema.properties).map((key) =>
      key === 'id' ? 'yamlId' : key,
    );
    expect(
      Object.keys(projects)
        .filter((key) => key !== 'fields')
        .sort(),
    ).toEqual(expected.sort());
  });
});
