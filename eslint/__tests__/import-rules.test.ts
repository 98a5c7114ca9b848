/**
 * The import rules, and the rule against citing a section of another document, fire: each snippet
 * is linted with the repository's own eslint.config.mjs as if it were a file at the given path
 * (nothing is written to src/). A snippet that breaks a rule must get that rule's message; one that
 * keeps the rules must get none.
 *
 * ESLint loads its config with import(), which Jest's module system does not provide, so the
 * linting runs in one child Node process fed the snippets on stdin.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

interface Snippet {
  path: string;
  code: string;
  /** A fragment of the expected message, or null when no import rule may fire. */
  expected: string | null;
}

const SHARED = 'Shared code (src/components, src/lib, src/styles) imports no feature and no app';
const ENTRY = 'A feature imports another feature only through its public entry';
const APP_ENTRY = 'The app shell uses a feature only through its public entry';
const CYCLE = 'not through its own entry';
const BELOW_APP = 'Features sit below the app shell';
const PAGES = 'Pages and templates are the top layer';
const PAGE_STYLES = 'src/page-styles holds the styled parts of the pages and templates';
const AREA = 'A relative import stays inside its own area';
const NODE = 'Browser code imports no Node built-in module';
const PIPELINE = 'The content pipeline is build-time code';
const MARKDOWN = 'The markdown and image stack runs at build time';
const GATSBY_NODE = 'gatsby-node and gatsby-config run only at build time';
const OUT_OF_SRC = '@/ means src/';
const SECTION = "Unexpected '§' comment";
const CONTRACT_VALUE = "Browser code imports only types from '@site/contracts'";

const features = fs
  .readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const snippets: Snippet[] = [
  // Browser code takes types from the contracts, and run-time values only from the form-field rules.
  {
    path: 'src/features/newsletter/components/widget.tsx',
    code: "import { MIN_AGE_LIMITS } from '@site/contracts';\nexport const a = MIN_AGE_LIMITS;",
    expected: CONTRACT_VALUE,
  },
  {
    path: 'src/lib/helper.ts',
    code: "import { type Giveaway, MIN_AGE_LIMITS } from '@site/contracts';\nexport const a: Giveaway | number = MIN_AGE_LIMITS.min;",
    expected: CONTRACT_VALUE,
  },
  {
    path: 'src/features/newsletter/components/widget.tsx',
    code: "import type { Giveaway } from '@site/contracts';\nimport { MIN_AGE_LIMITS } from '@site/contracts/form-fields';\nexport const a: Giveaway | number = MIN_AGE_LIMITS.min;",
    expected: null,
  },
  // Shared code imports no feature, no app shell, no page: static, export-from, import(), require().
  {
    path: 'src/components/ui/widget.tsx',
    code: "import { useSession } from '@/features/auth';\nexport const a = useSession;",
    expected: SHARED,
  },
  {
    path: 'src/components/widget.tsx',
    code: "import { Layout } from '@/app/layout/layout';\nexport const a = Layout;",
    expected: SHARED,
  },
  {
    path: 'src/lib/helper.ts',
    code: "export { useSession } from '@/features/auth/session-context';",
    expected: SHARED,
  },
  {
    path: 'src/styles/theme-extra.ts',
    code: "export * from '@/features/blog';",
    expected: SHARED,
  },
  {
    path: 'src/components/lazy.tsx',
    code: "export const load = () => import('@/features/auth');",
    expected: SHARED,
  },
  {
    path: 'src/lib/required.ts',
    code: "// eslint-disable-next-line @typescript-eslint/no-require-imports\nexport const a = require('@/app/app-shell');",
    expected: SHARED,
  },
  {
    path: 'src/lib/page-helper.ts',
    code: "import Home from '@/pages/index';\nexport const a = Home;",
    expected: PAGES,
  },
  // Page styles: only pages and templates import them; they import only shared code.
  {
    path: 'src/components/marketing/hero.tsx',
    code: "import { Hero } from '@/page-styles/home.styles';\nexport const a = Hero;",
    expected: PAGE_STYLES,
  },
  {
    path: 'src/pages/about.tsx',
    code: "import { Story } from '@/page-styles/about.styles';\nexport const a = Story;",
    expected: null,
  },
  {
    path: 'src/page-styles/about.styles.ts',
    code: "import { Card } from '@/components/ui/card';\nexport const a = Card;",
    expected: null,
  },
  {
    path: 'src/page-styles/about.styles.ts',
    code: "import { ContactIsland } from '@/features/contact';\nexport const a = ContactIsland;",
    expected: SHARED,
  },
  // Features: other features only through their entry; never the app shell.
  {
    path: 'src/features/editor/components/preview.tsx',
    code: "import { PostBody } from '@/features/blog/components/post-body';\nexport const a = PostBody;",
    expected: ENTRY,
  },
  {
    path: 'src/features/giveaway/components/page.tsx',
    code: "export const load = () => import('@/features/auth/session-context');",
    expected: ENTRY,
  },
  {
    path: 'src/features/editor/components/self.tsx',
    code: "import { DraftEditor } from '@/features/editor';\nexport const a = DraftEditor;",
    expected: CYCLE,
  },
  {
    path: 'src/features/inbox/components/menu.tsx',
    code: "import { AdminMenu } from '@/app/layout/admin-menu';\nexport const a = AdminMenu;",
    expected: BELOW_APP,
  },
  // The app shell reaches features through their entries too.
  {
    path: 'src/app/layout/menu.tsx',
    code: "import { useSession } from '@/features/auth/session-context';\nexport const a = useSession;",
    expected: APP_ENTRY,
  },
  // Relative imports stay inside their area, whatever the file's depth.
  {
    path: 'src/components/ui/widget.tsx',
    code: "import { useSession } from '../../features/auth';\nexport const a = useSession;",
    expected: AREA,
  },
  {
    path: 'src/features/editor/components/preview.tsx',
    code: "import '../../blog/styles/prism-theme.css';",
    expected: AREA,
  },
  {
    path: 'src/features/editor/index.ts',
    code: "export { PostBody } from '../blog';",
    expected: AREA,
  },
  {
    path: 'src/app/app-shell.tsx',
    code: "import { Theme } from '../styles/theme';\nexport const a = Theme;",
    expected: AREA,
  },
  // Browser code imports nothing build-only.
  {
    path: 'src/features/editor/components/use-preview.ts',
    code: "import { compileMarkdown } from '@site/pipeline';\nexport const a = compileMarkdown;",
    expected: PIPELINE,
  },
  {
    path: 'src/features/blog/lib/compile.ts',
    code: "import remarkGfm from 'remark-gfm';\nexport const a = remarkGfm;",
    expected: MARKDOWN,
  },
  {
    path: 'src/lib/read.ts',
    code: "import fs from 'node:fs';\nexport const a = fs;",
    expected: NODE,
  },
  {
    path: 'src/pages/about.tsx',
    code: "import path from 'path';\nexport const a = path;",
    expected: NODE,
  },
  {
    path: 'src/app/hash.ts',
    code: "// eslint-disable-next-line @typescript-eslint/no-require-imports\nexport const a = require('node:crypto');",
    expected: NODE,
  },
  {
    path: 'src/templates/blog-post.tsx',
    code: "import { read } from '@/../plugins/blog/read-posts';\nexport const a = read;",
    expected: OUT_OF_SRC,
  },
  {
    path: 'gatsby-browser.tsx',
    code: "import { onCreateWebpackConfig } from './gatsby-node';\nexport const a = onCreateWebpackConfig;",
    expected: GATSBY_NODE,
  },
  // Comments state the rule itself instead of citing a section of another document.
  {
    path: 'server/src/services/limits.ts',
    code: '// Five a minute (see §4.2).\nexport const LIMIT = 5;',
    expected: SECTION,
  },
  // What the rules allow.
  {
    path: 'src/components/marketing/hero.tsx',
    code: "import styled from 'styled-components';\nimport { ButtonLink } from '@/components/ui/button';\nimport { LogoMark } from '../icons';\nimport { theme } from '@/styles/theme';\nexport const a = [styled, ButtonLink, LogoMark, theme];",
    expected: null,
  },
  {
    path: 'src/features/editor/components/preview.tsx',
    code: "import type { DraftWrite } from '@site/contracts';\nimport { PostBody } from '@/features/blog';\nimport { useDraft } from '@/features/editor/components/use-draft';\nimport { usePreview } from './use-preview';\nimport { draftsApi } from '../api/drafts-api';\nexport const a = [PostBody, useDraft, usePreview, draftsApi];\nexport type B = DraftWrite;",
    expected: null,
  },
  {
    path: 'src/app/layout/header.tsx',
    code: "import { useSession } from '@/features/auth';\nimport { MobileMenu } from './mobile-menu';\nimport { Layout } from '../layout/layout';\nexport const load = () => import('./admin-menu');\nexport const a = [useSession, MobileMenu, Layout];",
    expected: null,
  },
  {
    path: 'src/pages/blog/[...].tsx',
    code: "import { PostPage } from '@/features/blog/components/post-page';\nimport { RootWrapper } from '@/app/app-shell';\nexport const a = [PostPage, RootWrapper];",
    expected: null,
  },
  // Tests run on Node and may put any layers together.
  {
    path: 'src/components/__tests__/widget.test.tsx',
    code: "import fs from 'node:fs';\nimport { useSession } from '@/features/auth/session-context';\nimport { previewMarkdown } from '@site/pipeline';\nexport const a = [fs, useSession, previewMarkdown];",
    expected: null,
  },
  // Every feature gets the rules: a deep import of another feature fires, its own modules do not.
  ...features.flatMap((feature): Snippet[] => {
    const other = features.find((name) => name !== feature) ?? 'other';
    return [
      {
        path: `src/features/${feature}/components/widget.tsx`,
        code: `import { x } from '@/features/${other}/lib/x';\nexport const a = x;`,
        expected: ENTRY,
      },
      {
        path: `src/features/${feature}/components/widget.tsx`,
        code: `import { x } from '@/features/${feature}/lib/x';\nimport { y } from '@/features/${other}';\nexport const a = [x, y];`,
        expected: null,
      },
    ];
  }),
];

const LINT = `
import { ESLint } from 'eslint';
let input = '';
for await (const chunk of process.stdin) input += chunk;
const eslint = new ESLint({ cwd: process.cwd() });
const out = [];
for (const snippet of JSON.parse(input)) {
  const [result] = await eslint.lintText(snippet.code, { filePath: snippet.path });
  out.push(result.messages.map((m) => ({ ruleId: m.ruleId, message: m.message })));
}
process.stdout.write(JSON.stringify(out));
`;

const RULES = new Set([
  'no-restricted-imports',
  '@typescript-eslint/no-restricted-imports',
  'no-restricted-syntax',
  'no-warning-comments',
]);

let results: { ruleId: string | null; message: string }[][];

beforeAll(() => {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', LINT], {
    cwd: root,
    input: JSON.stringify(snippets.map(({ path: file, code }) => ({ path: file, code }))),
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  results = JSON.parse(output);
}, 120_000);

describe('import rules', () => {
  it('covers every feature', () => {
    expect(features.length).toBeGreaterThan(1);
  });

  it.each(snippets.map((snippet, index) => [snippet.path, snippet.expected, index] as const))(
    '%s: %s',
    (_path, expected, index) => {
      const messages = (results[index] ?? []).filter(
        (message) => message.ruleId && RULES.has(message.ruleId),
      );
      // A snippet ESLint could not parse would otherwise pass as "no import rule fired".
      expect(results[index]?.filter((message) => message.ruleId === null)).toEqual([]);
      if (expected === null) {
        expect(messages).toEqual([]);
      } else {
        expect(messages.map((message) => message.message)).toEqual(
          expect.arrayContaining([expect.stringContaining(expected)]),
        );
      }
    },
  );
});
