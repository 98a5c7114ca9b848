import fs from 'node:fs';
import path from 'node:path';
import { SITE_CONTENT_FILES, type SiteContentFileName } from '@site/contracts';
import { CONTENT_DIR } from '../../../jest/content-files';
import {
  ContentFileError,
  parseContentYaml,
  readCategoryNamesFrom,
  readContentFile,
} from '../content-file';

describe('the content reader', () => {
  it.each(Object.keys(SITE_CONTENT_FILES) as SiteContentFileName[])(
    'reads and accepts content/%s of this repository',
    (file) => {
      const source = fs.readFileSync(path.join(CONTENT_DIR, file), 'utf8');
      expect(() => readContentFile(source, file)).not.toThrow();
    },
  );

  it('reads YAML 1.2: numbers and booleans typed, dates and times left as text', () => {
    expect(
      parseContentYaml('year: 2025\ndone: true\nupdated: 2026-11-27\ntime: 00:04\n', 'x.yaml'),
    ).toEqual({ year: 2025, done: true, updated: '2026-11-27', time: '00:04' });
  });

  it('names the file and line of a YAML mistake and of a key written twice', () => {
    expect(() => parseContentYaml('name: X\nreplyTime: [1 day\n', 'company.yaml')).toThrow(
      /^content\/company\.yaml is not valid YAML \(line \d+\): /,
    );
    expect(() => parseContentYaml('name: X\nname: Y\n', 'company.yaml')).toThrow(
      'content/company.yaml is not valid YAML (line 2): Map keys must be unique.',
    );
  });

  it('lists every schema problem of a file in one error', () => {
    const source = fs
      .readFileSync(path.join(CONTENT_DIR, 'company.yaml'), 'utf8')
      .replace(/^foundedYear: .*$/m, 'foundedYear: soon')
      .replace(/^replyTime: .*$/m, 'replyTime:');
    let error: unknown;
    try {
      readContentFile(source, 'company.yaml');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ContentFileError);
    expect((error as ContentFileError).problems).toEqual([
      'content/company.yaml is missing the required field "replyTime".',
      'content/company.yaml has "soon" in field "foundedYear"; write a whole number from 1900 to 2100.',
    ]);
  });

  it('reads the category names, and none from a broken file', () => {
    const source = fs.readFileSync(path.join(CONTENT_DIR, 'categories.yaml'), 'utf8');
    expect(readCategoryNamesFrom(source)).toContain('foundation');
    expect(readCategoryNamesFrom('- name: [broken\n')).toEqual([]);
  });
});
