// A stand-in for `gatsby build` in the publish tests: writes one page per post into
// SITE_BUILD_OUT/public, or fails like a real build when a post contains "BREAK THE BUILD".
const fs = require('node:fs');
const path = require('node:path');

const out = process.env.SITE_BUILD_OUT;
const blog = path.join(process.env.CONTENT_DIR, 'blog');
const wait = Number(process.env.FAKE_BUILD_MS || '200');

setTimeout(() => {
  console.log('info building the site');
  const files = fs.readdirSync(blog).filter((name) => name.endsWith('.md'));
  for (const name of files) {
    const text = fs.readFileSync(path.join(blog, name), 'utf8');
    if (text.includes('BREAK THE BUILD')) {
      console.error(`error ${name}: the page could not be built`);
      process.exit(1);
    }
    const page = path.join(out, 'public', 'blog', name.replace(/\.md$/, ''), 'index.html');
    fs.mkdirSync(path.dirname(page), { recursive: true });
    fs.writeFileSync(page, text);
  }
  fs.writeFileSync(path.join(out, 'public', 'index.html'), `<p>${files.length} posts</p>`);
  fs.writeFileSync(path.join(out, 'match-paths.json'), '[]');
  console.log('success the site is built');
}, wait);
