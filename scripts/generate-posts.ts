/**
 * Writes N realistic blog posts into a directory, for scale checks of the blog pipeline.
 *
 *   npx tsx scripts/generate-posts.ts <directory> [count=1000] [--seed=1] [--drafts=0]
 *
 * Every post has valid front matter (categories from content/categories.yaml), several headings,
 * a table, code blocks and links, so it exercises the same plugins as real content. Output is
 * deterministic for a given seed. Build against them in a copy of the site, so the shared public/
 * is left alone (steps in src/features/blog/README.md).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

const CATEGORIES = ['foundation', 'engineering', 'security'] as const;
// Names no checked-in post uses, so generated posts can be built beside them without two posts at
// one place in a series.
const SERIES = [
  'Agents at Scale',
  'RAG from Scratch',
  'Voice Agents Field Guide',
  'MCP in Practice',
];
const TOPICS = [
  'retrieval pipelines',
  'tool calling',
  'agent memory',
  'evaluation sets',
  'prompt injection',
  'voice agents',
  'CRM integrations',
  'knowledge graphs',
  'cost control',
  'human approval steps',
  'Model Context Protocol servers',
  'tracing',
  'structured output',
  'multi-agent handoffs',
  'document parsing',
];
const AUDIENCES = [
  'support teams',
  'finance teams',
  'operations leads',
  'sales teams',
  'product managers',
  'IT departments',
];
const VERBS = [
  'Designing',
  'Testing',
  'Scaling',
  'Securing',
  'Debugging',
  'Measuring',
  'Shipping',
  'Planning',
];
const AUTHORS = ['Maya Chen', 'Daniel Okafor', 'Priya Raman', 'AgentWorks Engineering', null];
const TAGS = [
  'agents',
  'rag',
  'python',
  'typescript',
  'security',
  'evaluation',
  'mcp',
  'voice',
  'integration',
  'observability',
  'cost',
  'tutorial',
];
const SENTENCES = [
  'Most teams discover that the hard part is not the model but the data it is allowed to see.',
  'We start every project by writing down what a good outcome looks like, in the words of the people who will use it.',
  'A small evaluation set of real requests catches more regressions than any amount of prompt tweaking.',
  'Tools should return short, readable sentences, including a helpful message when nothing is found.',
  'Limits on turns, spend and permissions turn a clever demo into something you can leave running overnight.',
  'Every irreversible action deserves a human approval step until the numbers say otherwise.',
  'Traces are the fastest way to learn whether the model, the tool or the instructions caused a bad answer.',
  'The cheapest model that passes the evaluation set is usually the right one for production.',
  'Retrieval quality depends more on how documents are split and labelled than on the embedding model.',
  'Integrations fail in boring ways: expired tokens, renamed fields and rate limits.',
  'Agents that explain what they are about to do earn trust faster than agents that simply act.',
  'Write instructions for the model the way you would brief a capable new colleague.',
];

function rng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function main() {
  const args = process.argv.slice(2);
  const positional = args.filter((arg) => !arg.startsWith('--'));
  const option = (name: string, fallback: number) => {
    const found = args.find((arg) => arg.startsWith(`--${name}=`));
    return found ? Number(found.split('=')[1]) : fallback;
  };
  const directory = positional[0];
  const count = Number(positional[1] ?? 1000);
  if (!directory || !Number.isInteger(count) || count < 1) {
    console.error(
      'Usage: npx tsx scripts/generate-posts.ts <directory> [count=1000] [--seed=1] [--drafts=0]',
    );
    process.exit(1);
  }
  return {
    directory: path.resolve(directory),
    count,
    seed: option('seed', 1),
    drafts: option('drafts', 0),
  };
}

async function generate() {
  const { directory, count, seed, drafts } = main();
  const random = rng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const paragraph = (sentences: number) =>
    Array.from({ length: sentences }, () => pick(SENTENCES)).join(' ');
  const seriesPositions = new Map<string, number>();
  const start = Date.UTC(2022, 0, 1);

  await mkdir(directory, { recursive: true });
  for (let i = 1; i <= count; i += 1) {
    const topic = pick(TOPICS);
    const audience = pick(AUDIENCES);
    const title = `${pick(VERBS)} ${topic} for ${audience} (note ${i})`;
    const slug = `generated-${String(i).padStart(5, '0')}-${topic.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
    const date = new Date(start + Math.floor(random() * 1400) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const tags = [
      ...new Set(Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(TAGS))),
    ];
    const author = pick(AUTHORS);
    const inSeries = random() < 0.15;
    const series = inSeries ? pick(SERIES) : null;
    const order = series ? (seriesPositions.get(series) ?? 0) + 1 : null;
    if (series && order) seriesPositions.set(series, order);

    const lines = [
      '---',
      `title: "${title}"`,
      `slug: ${slug}`,
      `description: "A practical look at ${topic} for ${audience}: what to build first, what to measure and what to avoid."`,
      `date: ${date}`,
      `category: ${pick(CATEGORIES)}`,
      ...(author ? [`author: "${author}"`] : []),
      `tags: [${tags.join(', ')}]`,
      ...(series ? [`series: "${series}"`, `series_order: ${order}`] : []),
      ...(i <= drafts ? ['draft: true'] : []),
      '---',
      '',
      paragraph(4),
      '',
      `## Why ${topic} matter`,
      '',
      paragraph(5),
      '',
      `## A checklist for ${audience}`,
      '',
      ...Array.from({ length: 4 }, () => `- ${pick(SENTENCES)}`),
      '',
      '| Stage | What to check | Owner |',
      '| ----- | ------------- | ----- |',
      `| Design | ${pick(SENTENCES)} | Product |`,
      `| Build | ${pick(SENTENCES)} | Engineering |`,
      `| Run | ${pick(SENTENCES)} | Operations |`,
      '',
      '### Example',
      '',
      '```python',
      'from agents import Agent, Runner',
      '',
      `agent = Agent(name="${topic} helper", instructions="Help ${audience} with ${topic}.")`,
      'print(Runner.run_sync(agent, "Where do we start?").final_output)',
      '```',
      '',
      paragraph(4),
      '',
      '## Further reading',
      '',
      `See the [OpenAI Agents SDK documentation](https://openai.github.io/openai-agents-python/) and our [services](/services). ${paragraph(3)}`,
      '',
    ];
    await writeFile(path.join(directory, `${slug}.md`), lines.join('\n'));
  }
  console.log(`Wrote ${count} posts to ${directory}.`);
}

void generate();
