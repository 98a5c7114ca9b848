// A stand-in for `gatsby build` for the drawn-posts test: it waits until the test releases it
// (the file argv[2] appears, and is taken), then copies the site template argv[3] (the slots'
// manifest and modules, /blog and the post-not-found page) and writes one page per post with its
// page data (the body as "html", the related posts by the build's rule), the search index,
// /blog's page data, the feed's data and the sitemap from content/blog/. A post containing
// "BREAK THE BUILD" fails it, as a real build would.
const fs = require('node:fs');
const path = require('node:path');

const out = path.join(process.env.SITE_BUILD_OUT, 'public');
const blog = path.join(process.env.CONTENT_DIR, 'blog');
const [release, template] = process.argv.slice(2);

function field(text, name) {
  const line = text.split('\n').find((l) => l.startsWith(`${name}: `));
  return line ? line.slice(name.length + 2).replace(/^"|"$/g, '') : null;
}

const started = Date.now();
const timer = setInterval(() => {
  if (Date.now() - started > 60_000) process.exit(2);
  try {
    fs.rmSync(release);
  } catch {
    return;
  }
  clearInterval(timer);
  const files = fs.readdirSync(blog).filter((name) => name.endsWith('.md'));
  const posts = [];
  for (const name of files) {
    const text = fs.readFileSync(path.join(blog, name), 'utf8');
    if (text.includes('BREAK THE BUILD')) {
      console.error(`error ${name}: the page could not be built`);
      process.exit(1);
    }
    posts.push({
      text,
      slug: field(text, 'slug'),
      date: field(text, 'date'),
      body: text.split('\n---\n').slice(1).join('\n---\n').trim(),
    });
  }
  fs.cpSync(template, out, { recursive: true });
  const cards = posts
    .map(({ slug, date, text }) => ({
      id: `built-${slug}`,
      slug,
      title: field(text, 'title'),
      excerpt: 'x',
      date: `${date}T00:00:00.000Z`,
      category: field(text, 'category'),
      series: null,
      tags: [],
    }))
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.slug.localeCompare(b.slug)));
  const manifest = JSON.parse(
    fs.readFileSync(path.join(out, '.request-render', 'manifest.json'), 'utf8'),
  );
  for (const { slug, text, body } of posts) {
    const page = path.join(out, 'blog', slug, 'index.html');
    fs.mkdirSync(path.dirname(page), { recursive: true });
    fs.writeFileSync(page, `<p>built</p>${text}`);
    const card = cards.find((item) => item.slug === slug);
    const related = cards
      .filter((item) => item.slug !== slug && item.category === card.category)
      .slice(0, 3)
      .map(({ id, slug: other, title, date }) => ({
        id,
        slug: other,
        title,
        date,
        coverImage: null,
        coverAlt: null,
      }));
    const data = {
      site: { siteMetadata: { siteUrl: manifest.site.siteUrl } },
      related: { nodes: related },
      blogPost: {
        slug,
        title: card.title,
        description: field(text, 'description'),
        date: card.date,
        category: card.category,
        categoryInfo: null,
        author: null,
        tags: [],
        headings: [],
        series: null,
        seriesOrder: null,
        readingTime: 1,
        wordCount: 1,
        draft: false,
        coverAlt: null,
        coverImage: null,
        html: `<p>${body}</p>`,
      },
    };
    const file = path.join(out, 'page-data', 'blog', slug, 'page-data.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(
      file,
      JSON.stringify({ componentChunkName: 'component---blog-post', result: { data } }),
    );
  }
  // The feed's data and the sitemap, newest first, as the feed query and the pages give them.
  const feedFile = path.join(out, '.request-render', 'blog-feed.json');
  if (fs.existsSync(feedFile)) {
    const feed = JSON.parse(fs.readFileSync(feedFile, 'utf8'));
    feed.posts = cards.map(({ slug, title, date, category }) => ({
      slug,
      title,
      description: field(posts.find((post) => post.slug === slug).text, 'description'),
      date,
      author: null,
      tags: [],
      category,
    }));
    fs.writeFileSync(feedFile, JSON.stringify(feed));
  }
  const sitemap = path.join(out, 'sitemap-0.xml');
  if (fs.existsSync(sitemap)) {
    const built = fs.readFileSync(sitemap, 'utf8');
    const head = built.slice(0, built.indexOf('<url>'));
    const entries = [...cards.map((card) => `/blog/${card.slug}`), '/', '/blog'].map(
      (url) =>
        `<url><loc>${manifest.site.siteUrl}${url}</loc><changefreq>daily</changefreq><priority>0.7</priority></url>`,
    );
    fs.writeFileSync(sitemap, `${head}${entries.join('')}</urlset>`);
  }
  fs.writeFileSync(
    path.join(out, 'blog-search-index.json'),
    JSON.stringify({ posts: cards.map((card) => ({ ...card, description: '', content: '' })) }),
  );
  const pageData = path.join(out, 'page-data', 'blog', 'page-data.json');
  const seed = JSON.parse(fs.readFileSync(pageData, 'utf8'));
  seed.result.data.posts = { totalCount: cards.length, nodes: cards.slice(0, 12) };
  fs.writeFileSync(pageData, JSON.stringify(seed));
  // /blog as built: the list drawn from the seed, as the fake slot module draws it.
  const list = `<ul>${cards.map((card) => `<li>${card.slug}</li>`).join('')}</ul>`;
  const page = fs.readFileSync(path.join(out, 'blog', 'index.html'), 'utf8');
  fs.writeFileSync(path.join(out, 'blog', 'index.html'), page.replace('<ul></ul>', list));
  // The home page's three newest posts, and the seed they were drawn from.
  const latest = cards.slice(0, 3).map(({ id, slug, title, excerpt, date }) => ({
    id,
    slug,
    title,
    excerpt,
    date,
    coverImage: null,
    coverAlt: null,
  }));
  const home = fs.readFileSync(path.join(out, 'index.html'), 'utf8');
  const escape = (text) => String(text).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const items = latest.map((post) => `<li>${post.slug}:${escape(post.title)}</li>`).join('');
  fs.writeFileSync(path.join(out, 'index.html'), home.replace('<ol></ol>', `<ol>${items}</ol>`));
  const homeSeed = path.join(out, '.request-render', 'home-latest.json');
  const seedData = JSON.parse(fs.readFileSync(homeSeed, 'utf8'));
  seedData.result.data.posts = latest;
  fs.writeFileSync(homeSeed, JSON.stringify(seedData));
  console.log('success the site is built');
}, 50);
