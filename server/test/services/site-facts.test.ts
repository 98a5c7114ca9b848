import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONTACT_SERVICES } from '@site/contracts';
import { ContentFileError, readContactFactsFrom, readSampleCompanyFactsFrom } from '@site/pipeline';
import {
  loadContactFacts,
  sampleCompanyFactsWarning,
  thanksMessage,
} from '../../src/services/site-facts';

const contentDir = path.resolve(__dirname, '../../../content');

describe('the API and content/ agree', () => {
  test('the services the API accepts are the slugs of content/services.yaml, in its order', async () => {
    const facts = await loadContactFacts(contentDir);
    expect(facts.services.map((service) => service.slug)).toEqual([...CONTACT_SERVICES]);
  });

  test('the thanks message quotes the reply time of content/company.yaml', async () => {
    const facts = await loadContactFacts(contentDir);
    expect(thanksMessage('Ada', facts)).toBe(
      `Thanks, Ada! We received your message and will reply within ${facts.replyTime} on business days.`,
    );
  });
});

describe('readContactFactsFrom', () => {
  const services = '- slug: mcp\n  name: Model Context Protocol\n  icon: protocol\n';

  test('reads the reply time and each service slug and name', () => {
    expect(readContactFactsFrom('name: X\nreplyTime: 2 days\n', services)).toEqual({
      replyTime: '2 days',
      services: [{ slug: 'mcp', name: 'Model Context Protocol' }],
    });
  });

  test('names the file and field that is missing', () => {
    expect(() => readContactFactsFrom('name: X\n', services)).toThrow(
      new ContentFileError('content/company.yaml is missing the required field "replyTime".'),
    );
    expect(() =>
      readContactFactsFrom('replyTime: 1 day\n', `${services}- slug: voice-ai\n`),
    ).toThrow('content/services.yaml is missing the required field "[1].name".');
    expect(() => readContactFactsFrom('replyTime: [1 day\n', services)).toThrow(
      /^content\/company\.yaml is not valid YAML/,
    );
  });
});

describe('the example company facts', () => {
  test('the repository ships its example facts marked as such', () => {
    expect(sampleCompanyFactsWarning(contentDir)).toBe(
      "content/company.yaml still holds the example company's legal name, postal address, " +
        'e-mail address, phone number (listed under "sample"); the legal pages say so to every ' +
        'visitor. Write your own, remove their names from "sample" and rebuild (docs/editing.md).',
    );
  });

  test('a start warns about the facts still listed, and says nothing once the list is gone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'company-facts-'));
    try {
      fs.writeFileSync(path.join(dir, 'company.yaml'), 'name: X\nsample: [phone]\n');
      expect(sampleCompanyFactsWarning(dir)).toMatch(/example company's phone number \(/);
      fs.writeFileSync(path.join(dir, 'company.yaml'), 'name: X\nsample: []\n');
      expect(sampleCompanyFactsWarning(dir)).toBeNull();
      fs.writeFileSync(path.join(dir, 'company.yaml'), 'name: X\n');
      expect(sampleCompanyFactsWarning(dir)).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the list names only the facts that can be examples', () => {
    expect(readSampleCompanyFactsFrom('sample: [email, email, address]\n')).toEqual([
      'email',
      'address',
    ]);
    expect(() => readSampleCompanyFactsFrom('sample: [name]\n')).toThrow(ContentFileError);
    expect(() => readSampleCompanyFactsFrom('sample: phone\n')).toThrow(ContentFileError);
  });
});
