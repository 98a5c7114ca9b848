import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DraftWrite } from '@site/contracts';

/**
 * A content/ folder with two categories, one published post and the site's company facts (which
 * giveaway rules and mail read), removed by the returned cleanup.
 */
export function makeContentDir(): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drafts-content-'));
  fs.mkdirSync(path.join(dir, 'blog'));
  fs.writeFileSync(
    path.join(dir, 'categories.yaml'),
    [
      '# Blog categories.',
      '- name: foundation',
      '  title: Foundation',
      '  description: Core concepts',
      '  order: 1',
      '- name: engineering',
      '  title: Engineering',
      '  description: Patterns',
      '  order: 2',
      '',
    ].join('\n'),
  );
  fs.writeFileSync(
    path.join(dir, 'blog', 'published-file-name.md'),
    '---\ntitle: "Already out"\nslug: already-out\ndescription: "x"\ndate: 2025-01-01\ncategory: foundation\n---\n\nHi.\n',
  );
  for (const file of ['company.yaml', 'services.yaml']) {
    fs.copyFileSync(path.resolve('content', file), path.join(dir, file));
  }
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export const DRAFT: DraftWrite = {
  title: 'Tables and Code: A Field Guide',
  description: 'How we write posts with tables and code.',
  category: 'engineering',
  author: 'Dana Editor',
  tags: ['writing', 'markdown'],
  series: '',
  series_order: null,
  body: '## Setup\n\n| a | b |\n| - | - |\n| 1 | 2 |\n',
};
