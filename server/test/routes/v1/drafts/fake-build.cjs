// A stand-in for `gatsby build` in the publish tests: writes one page per post into
// SITE_BUILD_OUT/public, or fails like a real build when a post contains "BREAK THE BUILD".
// With FAKE_BUILD_PROBE=<file> on the command line (argv[2]) it also records what the build could
// see: its environment's names, its working folder, and whether that file could be read.
const fs = require('node:fs');
const path = require('node:path');

const out = process.env.SITE_BUILD_OUT;
const blog = path.join(process.env.CONTENT_DIR, 'blog');
const wait = Number(process.env.FAKE_BUILD_MS || '200');
const probe = process.argv[2];

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
  if (probe) {
    let secret;
    try {
      secret = fs.readFileSync(probe, 'utf8');
    } catch (error) {
      secret = `unreadable: ${error.code}`;
    }
    fs.writeFileSync(
      path.join(out, 'public', 'probe.json'),
      JSON.stringify({ env: Object.keys(process.env).sort(), cwd: process.cwd(), secret }),
    );
  }
  console.log('success the site is built');
}, wait);
