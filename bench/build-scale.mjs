/**
 * Build-scale benchmark: our site against a plain Gatsby markdown blog with the same posts.
 *
 *   npm run bench:build -- --posts N [--repeat R] [--target ours|plain|both] [--seed 1] [--keep]
 *   npm run bench:build -- --posts 1000,5000
 *   npm run bench:build -- --posts 1000 --target ours --out DIR [--with-bundled]
 *   npm run bench:build -- --posts 1000 --photos 100 --target ours --repeat 2
 *
 * For each post count it generates the posts once (scripts/generate-posts.ts), then builds from
 * clean, one after the other:
 *   - ours: a copy of the site (no .cache, public or .git) whose content/blog holds only the
 *     generated posts (with --with-bundled: the checked-in posts too; `--posts 0` then builds the
 *     checked-in content as it is);
 *   - plain (the yardstick, also accepted as `--sites yardstick`): bench/lab/yardstick
 *     (gatsby-source-filesystem + gatsby-transformer-remark, one page per post and an index listing
 *     them) with the same posts.
 * With --photos P, the first P generated posts (by name) each carry two photos: photo-like JPEGs
 * made with sharp (bench/photos.mjs, --photo-mp megapixels each, 12 by default, a seed per photo so
 * no two are alike) in content/blog-media/<slug>/, named in the body as `media/photo-1.jpg` and
 * `media/photo-2.jpg` (the plain blog gets the posts without them). Our build makes each picture
 * once and keeps it in .post-images/ (which, unlike .cache and public, a repeat does not remove;
 * nor .social-cards/, where the pages' social cards are kept):
 * the build's own "Blog: … post pictures" line says how many it made and how long encoding took,
 * and every build after the first of a site must make none, or the run fails. So
 * `--photos P --repeat 2` shows the first build's image work and that the second has none.
 * Both copies live in one directory (a temporary one, or --out) with a node_modules symlink to the
 * root's, so the shared public/ and .cache/ are never touched. With --repeat R each site is built
 * R times, from clean each time (.cache and public removed), and the table shows medians.
 *
 * Each build runs under `flock /tmp/gatsby-build.lock` (time spent waiting for the lock is reported
 * apart and not counted) with Node's default heap: NODE_OPTIONS is not passed on, so no
 * --max-old-space-size. Wall time runs from lock acquired to exit. CPU time is user + system time
 * of the build and every descendant it waited for (the shell's `times` after gatsby exits). Peak
 * memory is the highest sum of RSS over the build process and all its descendants, sampled from
 * /proc every 250 ms (pages shared between processes count once per process). After a build every
 * generated post must have its page in public/ or the run fails.
 *
 * The machine is shared, so a build whose tree passes --max-mib (default: 75 % of RAM) or runs
 * longer than --timeout-min (default: none) is stopped, naming the limit; the other site still
 * builds and the run exits non-zero. A build that fails stops the run at once with its last lines.
 * Build logs and the raw figures go to bench/results/ (gitignored); --keep keeps the copies, and
 * --out DIR puts them in DIR as DIR/ours-N and DIR/yardstick-N and keeps them (bench/js-bytes.mjs
 * and bench/lab/lighthouse.mjs --posts build through this).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { arg, BUILD_LOCK as LOCK, loadAverage, median, root } from './lib.mjs';

const MARKER = '__build_scale_lock_acquired__';
const SAMPLE_MS = 250;
/**
 * The most ours may take against the plain blog, in wall time and in peak memory alike: 1.3× at
 * 1,000 posts and more; none for smaller check runs, where the site's fixed cost outweighs the
 * posts.
 */
const targetFor = (count) => (count >= 1000 ? 1.3 : null);
const TAIL_LINES = 40;

const counts = String(arg('posts', '1000'))
  .split(',')
  .map((value) => Number(value.trim()));
const seed = Number(arg('seed', '1'));
const repeat = Number(arg('repeat', '1'));
const withBundled = process.argv.includes('--with-bundled');
const photos = Number(arg('photos', '0'));
const photoMp = Number(arg('photo-mp', '12'));
const outDir = arg('out', '');
const keep = process.argv.includes('--keep') || outDir !== '';
const targetArg = arg('target', '');
const TARGETS = { ours: 'ours', plain: 'yardstick', both: 'ours,yardstick' };
const sites = String(
  targetArg ? (TARGETS[targetArg] ?? targetArg) : arg('sites', 'ours,yardstick'),
).split(',');
const maxMiB = Number(arg('max-mib', String(Math.floor((os.totalmem() * 0.75) / 1024 ** 2))));
const timeoutMin = Number(arg('timeout-min', 'Infinity'));
if (
  counts.some((n) => !Number.isInteger(n) || n < 0 || (n === 0 && !withBundled)) ||
  (counts.includes(0) && sites.includes('yardstick')) ||
  !Number.isInteger(seed) ||
  !Number.isInteger(photos) ||
  photos < 0 ||
  counts.some((n) => photos > n) ||
  !(photoMp > 0 && photoMp <= 40) ||
  !Number.isInteger(repeat) ||
  repeat < 1 ||
  !(maxMiB > 0) ||
  !(timeoutMin > 0) ||
  (targetArg !== '' && !(targetArg in TARGETS)) ||
  sites.length === 0 ||
  sites.some((site) => site !== 'ours' && site !== 'yardstick')
) {
  console.error(
    'Usage: node bench/build-scale.mjs [--posts 1000[,5000]] [--photos 0] [--photo-mp 12] [--repeat 1] [--target ours|plain|both] [--seed 1] [--keep] [--out DIR] [--with-bundled] [--max-mib N] [--timeout-min N]\n' +
      '(--photos P: the first P posts carry two photos each; P at most the smallest --posts)\n' +
      '(--posts 0 needs --with-bundled and --target ours: the checked-in posts only)',
  );
  process.exit(1);
}
for (const pkg of ['contracts', 'pipeline']) {
  if (!fs.existsSync(path.join(root, pkg, 'dist/index.js'))) {
    console.error(
      `${pkg}/dist is missing (gatsby-node needs it): run \`npx tsc -b server/tsconfig.build.json\` (or npm run build:server).`,
    );
    process.exit(1);
  }
}

const PAGE_SIZE = Number(execFileSync('getconf', ['PAGESIZE'], { encoding: 'utf8' }).trim());
const gib = (bytes) => (bytes / 1024 ** 3).toFixed(1);
const machine = `${os.cpus().length} cores, ${gib(os.totalmem())} GiB, Node ${process.versions.node.split('.').slice(0, 2).join('.')}`;

/** pid → parent pid for every process currently in /proc. */
function parents() {
  const map = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name (2nd field) may contain spaces; the fields after its ")" are fixed.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      map.set(Number(entry), ppid);
    } catch {
      // the process ended while we looked
    }
  }
  return map;
}

/** Sum of RSS in bytes over the descendants of `pid` (not `pid` itself: that is flock). */
function treeRss(pid) {
  const map = parents();
  const children = new Map();
  for (const [child, parent] of map) {
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(child);
  }
  let total = 0;
  const queue = [...(children.get(pid) ?? [])];
  while (queue.length > 0) {
    const current = queue.pop();
    try {
      const resident = Number(fs.readFileSync(`/proc/${current}/statm`, 'utf8').split(' ')[1]);
      total += resident * PAGE_SIZE;
    } catch {
      // ended between the two reads
    }
    queue.push(...(children.get(current) ?? []));
  }
  return total;
}

/** The commit the copy is taken from, marked when the working tree has uncommitted changes. */
function revision() {
  const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  try {
    const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
    return `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' + uncommitted changes' : ''}`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

/** Copies `from` to `to`, skipping top-level build output and everything named in `skip`. */
function copyTree(from, to, skip) {
  fs.cpSync(from, to, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(from, source);
      return !skip.some((s) => relative === s || relative.startsWith(`${s}/`));
    },
  });
}

/**
 * A copy of `source` in `dir` whose content/blog holds the generated posts (and, if asked, its
 * own), with their pictures in content/blog-media when `mediaDir` is given.
 */
function prepare(dir, source, postsDir, skip, { bundled = false, mediaDir = null } = {}) {
  fs.rmSync(dir, { recursive: true, force: true });
  copyTree(source, dir, skip);
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  if (!bundled) fs.rmSync(path.join(dir, 'content/blog'), { recursive: true, force: true });
  if (postsDir) fs.cpSync(postsDir, path.join(dir, 'content/blog'), { recursive: true });
  if (mediaDir) fs.cpSync(mediaDir, path.join(dir, 'content/blog-media'), { recursive: true });
}

/**
 * Gives the first `count` posts of `postsDir` (by name) two photos each: the photos go to
 * `mediaDir`/<slug>/ and `withPhotosDir` gets the posts with the two images in their body (the
 * plain blog keeps the posts of `postsDir`, without them). Returns the photos' total bytes.
 */
async function addPhotos(postsDir, withPhotosDir, mediaDir, count) {
  const { noisyPhoto } = await import('./photos.mjs');
  const side = Math.sqrt((photoMp * 1e6) / 6);
  const size = { width: Math.round(side * 3), height: Math.round(side * 2) };
  fs.rmSync(withPhotosDir, { recursive: true, force: true });
  fs.cpSync(postsDir, withPhotosDir, { recursive: true });
  const files = fs
    .readdirSync(withPhotosDir)
    .filter((file) => file.endsWith('.md'))
    .sort();
  let bytes = 0;
  for (const [index, file] of files.slice(0, count).entries()) {
    const full = path.join(withPhotosDir, file);
    const text = fs.readFileSync(full, 'utf8');
    const slug = /^slug: *(\S+)/m.exec(text)?.[1] ?? file.slice(0, -'.md'.length);
    fs.mkdirSync(path.join(mediaDir, slug), { recursive: true });
    for (const n of [1, 2]) {
      const photoSeed = seed * 100_000 + index * 2 + n;
      // Making a photo takes seconds (tens on a busy machine): each is kept beside the copies, by
      // size and seed, for the next run with the same --out.
      const cached = path.join(
        base,
        'photo-cache',
        `${size.width}x${size.height}-${photoSeed}.jpg`,
      );
      let photo;
      if (fs.existsSync(cached)) photo = fs.readFileSync(cached);
      else {
        photo = await noisyPhoto({ ...size, seed: photoSeed });
        fs.mkdirSync(path.dirname(cached), { recursive: true });
        fs.writeFileSync(`${cached}.tmp`, photo);
        fs.renameSync(`${cached}.tmp`, cached);
      }
      bytes += photo.length;
      fs.writeFileSync(path.join(mediaDir, slug, `photo-${n}.jpg`), photo);
    }
    fs.writeFileSync(
      full,
      `${text.trimEnd()}\n\n![A whiteboard photo from the session](media/photo-1.jpg)\n\n` +
        `More notes from the day.\n\n![The agent loop drawn on the wall](media/photo-2.jpg)\n`,
    );
  }
  console.log(
    `${count * 2} photos of ${size.width} × ${size.height} in ${count} posts: ${(bytes / 1e6).toFixed(1)} MB`,
  );
  return bytes;
}

/** The build's own account of its post pictures ("Blog: N post pictures …; M made … (T s …)"). */
function pictureWork(logFile) {
  // Gatsby wraps long lines of its log: read it as one line.
  const text = fs.readFileSync(logFile, 'utf8').replace(/\s*\n\s*/g, ' ');
  const line =
    /Blog: (\d+) post pictures.*?; (\d+) made by this build \(([\d.]+) s.*?found kept in \S+/.exec(
      text,
    );
  if (!line) return null;
  return {
    pictures: Number(line[1]),
    made: Number(line[2]),
    encodeSeconds: Number(line[3]),
    line: line[0].trim(),
  };
}

/** User + system seconds of the shell's children, from the second line of `times`. */
function childCpuSeconds(file) {
  try {
    const line = fs.readFileSync(file, 'utf8').trim().split('\n')[1] ?? '';
    const parts = [...line.matchAll(/(\d+)m([\d.]+)s/g)];
    if (parts.length !== 2) return null;
    return parts.reduce((sum, [, min, sec]) => sum + Number(min) * 60 + Number(sec), 0);
  } catch {
    return null;
  }
}

/** Runs `gatsby build` in `dir` under the shared lock, measuring time and the tree's peak RSS. */
function build(dir, logFile) {
  return new Promise((resolve) => {
    const timesFile = `${logFile}.times`;
    fs.rmSync(timesFile, { force: true });
    const env = {
      ...process.env,
      GATSBY_TELEMETRY_DISABLED: '1',
      BENCH_TIMES_FILE: timesFile,
    };
    delete env.BLOG_CONTENT_DIR;
    // Node's default heap, whatever the caller's shell sets.
    delete env.NODE_OPTIONS;
    const log = fs.createWriteStream(logFile);
    const tail = [];
    const requested = performance.now();
    let started = null;
    let peak = 0;
    let limit = null;
    // The shell waits for gatsby (no exec) so that `times` can report its children's CPU time.
    const child = spawn(
      'flock',
      [
        LOCK,
        'sh',
        '-c',
        'echo "$0"; "$@"; status=$?; times > "$BENCH_TIMES_FILE"; exit $status',
        MARKER,
        'node_modules/.bin/gatsby',
        'build',
      ],
      { cwd: dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const signal = (name) => {
      try {
        process.kill(-child.pid, name);
      } catch {
        // already gone
      }
    };
    // The whole process group (flock, gatsby and its workers); SIGKILL if it is still there later.
    const stop = () => {
      signal('SIGTERM');
      setTimeout(() => signal('SIGKILL'), 10_000).unref();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    const onData = (chunk) => {
      const text = chunk.toString();
      if (started === null && text.includes(MARKER)) {
        started = performance.now();
        console.log(`  lock acquired after ${((started - requested) / 1000).toFixed(1)} s`);
      }
      log.write(text);
      tail.push(...text.split('\n').filter((line) => line.trim() !== ''));
      tail.splice(0, Math.max(0, tail.length - TAIL_LINES));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const timer = setInterval(() => {
      if (started === null || limit !== null) return;
      peak = Math.max(peak, treeRss(child.pid));
      if (peak / 1024 ** 2 > maxMiB)
        limit = `memory limit: the build's processes passed ${maxMiB} MiB`;
      else if (performance.now() - started > timeoutMin * 60_000)
        limit = `time limit: the build ran longer than ${timeoutMin} min`;
      if (limit !== null) stop();
    }, SAMPLE_MS);
    child.on('close', (code, signal) => {
      const ended = performance.now();
      clearInterval(timer);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      log.end();
      resolve({
        ok: code === 0 && limit === null,
        code: code ?? signal,
        limit,
        seconds: (ended - (started ?? requested)) / 1000,
        cpuSeconds: childCpuSeconds(timesFile),
        waited: ((started ?? requested) - requested) / 1000,
        peakMiB: peak / 1024 ** 2,
        tail,
      });
    });
  });
}

/** Slugs whose page is missing from `dir`/public (Gatsby writes /blog/{slug}/index.html). */
function missingPages(dir, slugs) {
  return slugs.filter(
    (slug) =>
      !fs.existsSync(path.join(dir, 'public/blog', slug, 'index.html')) &&
      !fs.existsSync(path.join(dir, 'public/blog', `${slug}.html`)),
  );
}

const SITE_SKIP = [
  'node_modules',
  '.git',
  '.cache',
  'public',
  'data',
  'coverage',
  'playwright-report',
  'test-results',
  'bench',
  'server/dist',
  'server/node_modules',
  'contracts/node_modules',
  // The picture and social-card caches of the checked-out site: a copy starts without them, so
  // its first build draws every picture and card.
  '.post-images',
  '.social-cards',
];
const YARDSTICK_SKIP = ['node_modules', '.cache', 'public', 'content'];

if (outDir) fs.mkdirSync(path.resolve(outDir), { recursive: true });
const base = outDir
  ? path.resolve(outDir)
  : fs.mkdtempSync(path.join(os.tmpdir(), 'agentworks-build-scale-'));
const resultsDir = path.join(root, 'bench/results');
const stamp = Date.now();
fs.mkdirSync(resultsDir, { recursive: true });
const rows = [];
let failed = false;
let stopped = false;

/** The figures of one site over its repeats: median wall and CPU time, highest peak. */
function summarise(runs) {
  const cpu = runs.map((r) => r.cpuSeconds).filter((v) => v !== null);
  return {
    seconds: median(runs.map((r) => r.seconds)),
    cpuSeconds: cpu.length === runs.length ? median(cpu) : null,
    peakMiB: Math.max(...runs.map((r) => r.peakMiB)),
    limit: runs.find((r) => r.limit)?.limit ?? null,
    runs: runs.map(({ tail: _tail, ...rest }) => rest),
  };
}

console.log(`Build-scale benchmark, ${new Date().toISOString()}, ${machine}`);
console.log(
  `Posts: ${counts.join(', ')} (seed ${seed}${withBundled ? ', plus the checked-in posts' : ''}${photos > 0 ? `; ${photos} with two ${photoMp}-megapixel photos each` : ''}); ${repeat} build(s) per site; directory ${base}`,
);
if (process.env.NODE_OPTIONS)
  console.log(`NODE_OPTIONS (${process.env.NODE_OPTIONS}) is not passed to the builds.`);
console.log(`Load average before: ${loadAverage()}`);

try {
  for (const count of counts) {
    let postsDir = null;
    let oursPostsDir = null;
    let mediaDir = null;
    let slugs = [];
    if (count > 0) {
      postsDir = path.join(base, `posts-${count}`);
      fs.rmSync(postsDir, { recursive: true, force: true });
      execFileSync(
        path.join(root, 'node_modules/.bin/tsx'),
        ['scripts/generate-posts.ts', postsDir, String(count), `--seed=${seed}`],
        { cwd: root, stdio: 'inherit' },
      );
      if (photos > 0) {
        const withPhotosDir = path.join(base, `posts-${count}-photos`);
        mediaDir = path.join(base, `media-${count}`);
        fs.rmSync(mediaDir, { recursive: true, force: true });
        await addPhotos(postsDir, withPhotosDir, mediaDir, photos);
        oursPostsDir = withPhotosDir;
      }
      slugs = fs
        .readdirSync(postsDir)
        .filter((file) => file.endsWith('.md'))
        .map((file) => file.slice(0, -'.md'.length));
    }

    const results = {};
    for (const site of ['ours', 'yardstick'].filter((name) => sites.includes(name))) {
      const dir = path.join(base, `${site}-${count}`);
      let source = 'bench/lab/yardstick';
      if (site === 'ours') {
        source = revision();
        prepare(dir, root, oursPostsDir ?? postsDir, SITE_SKIP, { bundled: withBundled, mediaDir });
        // As `npm run build` does before gatsby build (untimed): the drowsiness tool's vendor files.
        execFileSync(process.execPath, ['scripts/copy-vendor.mjs'], { cwd: dir, stdio: 'ignore' });
      } else {
        prepare(dir, path.join(root, 'bench/lab/yardstick'), postsDir, YARDSTICK_SKIP);
      }
      const runs = [];
      for (let r = 1; r <= repeat; r++) {
        // From clean every time: nothing cached from the previous repeat.
        for (const output of ['.cache', 'public'])
          fs.rmSync(path.join(dir, output), { recursive: true, force: true });
        const logFile = path.join(resultsDir, `build-scale-${stamp}-${site}-${count}-${r}.log`);
        console.log(
          `\n${count} posts, ${site}, build ${r} of ${repeat}: gatsby build in ${dir} (log ${path.relative(root, logFile)})`,
        );
        if (site === 'ours' && r === 1) console.log(`  site copied from ${source}`);
        console.log(`  load average at start: ${loadAverage()}`);
        const outcome = await build(dir, logFile);
        console.log(`  load average at end:   ${loadAverage()}`);
        if (outcome.limit !== null) {
          // A measurement, not a broken build: note it, go on to the other site, fail at the end.
          console.error(
            `  stopped after ${outcome.seconds.toFixed(0)} s, peak ${outcome.peakMiB.toFixed(0)} MiB: ${outcome.limit}; last lines:`,
          );
          console.error(outcome.tail.slice(-10).join('\n'));
          stopped = true;
          runs.push(outcome);
          break;
        }
        if (!outcome.ok) {
          console.error(
            `\n${site} build with ${count} posts failed after ${outcome.seconds.toFixed(0)} s, peak ${outcome.peakMiB.toFixed(0)} MiB (exit ${outcome.code}):`,
          );
          console.error(outcome.tail.join('\n'));
          failed = true;
          break;
        }
        const missing = missingPages(dir, slugs);
        if (missing.length > 0) {
          console.error(
            `\n${site} build with ${count} posts is missing ${missing.length} post pages, e.g. public/blog/${missing[0]}/index.html`,
          );
          failed = true;
          break;
        }
        if (site === 'ours' && photos > 0) {
          outcome.pictureWork = pictureWork(logFile);
          const work = outcome.pictureWork;
          console.log(`  ${work ? work.line : 'no "Blog: … post pictures" line in the log'}`);
          // The first build makes each picture; a later one finds them all in .post-images/.
          const expected = r === 1 ? photos * 2 : 0;
          if (!work || work.made !== expected) {
            console.error(
              `  expected ${expected} pictures made by build ${r}, the build made ${work ? work.made : '?'}`,
            );
            failed = true;
            break;
          }
        }
        const cpu = outcome.cpuSeconds === null ? '?' : outcome.cpuSeconds.toFixed(1);
        console.log(
          `  ${outcome.seconds.toFixed(1)} s wall, ${cpu} s CPU, peak ${outcome.peakMiB.toFixed(0)} MiB, all ${slugs.length} generated post pages present`,
        );
        runs.push(outcome);
      }
      if (!keep) fs.rmSync(dir, { recursive: true, force: true });
      if (failed) break;
      results[site] = { ...summarise(runs), source };
    }
    if (failed) break;
    rows.push({ count, ...results });
  }
} finally {
  if (keep) console.log(`\nKept ${base}.`);
  else fs.rmSync(base, { recursive: true, force: true });
}

if (rows.length > 0) {
  console.log(`\nLoad average after: ${loadAverage()}`);
  const what = repeat > 1 ? `median of ${repeat} builds, highest peak` : 'one build each';
  console.log(`\n${new Date().toISOString().slice(0, 10)}, ${machine}, ${what}:\n`);
  console.log(
    '| posts | site | wall s | CPU s | peak MiB | time ours/plain | peak ours/plain | target |',
  );
  console.log(
    '| ----: | ---- | -----: | ----: | -------: | --------------: | --------------: | ------ |',
  );
  // A build stopped at a limit shows "> its time" and "≥ its peak"; the ratio is then a lower bound.
  const wall = (r) => `${r.limit ? '> ' : ''}${r.seconds.toFixed(0)}`;
  const cpu = (r) => (r.cpuSeconds === null ? '–' : r.cpuSeconds.toFixed(0));
  const mib = (r) => `${r.limit ? '≥ ' : ''}${r.peakMiB.toFixed(0)}`;
  for (const { count, ours, yardstick } of rows) {
    const posts = count.toLocaleString('en');
    const target = targetFor(count);
    if (ours && yardstick) {
      const ratio = ours.seconds / yardstick.seconds;
      let verdict = '– (no target below 1,000 posts)';
      if (target !== null) {
        const peak = ours.peakMiB / yardstick.peakMiB;
        verdict = `≤ ${target}× time and peak: ${ratio <= target && peak <= target ? 'met' : 'not met'}`;
        if (yardstick.limit || (ours.limit && ratio <= target)) verdict = 'unknown';
      }
      const shown = yardstick.limit ? '–' : `${ours.limit ? '> ' : ''}${ratio.toFixed(2)}`;
      const memory = yardstick.limit ? '–' : (ours.peakMiB / yardstick.peakMiB).toFixed(2);
      console.log(
        `| ${posts} | ours | ${wall(ours)} | ${cpu(ours)} | ${mib(ours)} | ${shown} | ${memory} | ${verdict} |`,
      );
    } else if (ours) {
      console.log(`| ${posts} | ours | ${wall(ours)} | ${cpu(ours)} | ${mib(ours)} | – | – | – |`);
    }
    if (yardstick) {
      const ratio = ours ? '1.00' : '–';
      console.log(
        `| ${posts} | plain | ${wall(yardstick)} | ${cpu(yardstick)} | ${mib(yardstick)} | ${ratio} | ${ratio} | – |`,
      );
    }
  }
  for (const { count, ...results } of rows) {
    for (const [site, r] of Object.entries(results)) {
      if (r.limit) console.log(`\n${count} posts, ${site}: stopped at the ${r.limit}.`);
      for (const [i, run] of r.runs.entries()) {
        if (run.pictureWork)
          console.log(`${count} posts, ${site}, build ${i + 1}: ${run.pictureWork.line}`);
      }
      if (r.runs.length > 1) {
        const each = r.runs.map((run) => `${run.seconds.toFixed(0)} s`).join(', ');
        console.log(`${count} posts, ${site}: each build ${each}.`);
      }
    }
  }
  const file = path.join(resultsDir, `build-scale-${stamp}.json`);
  fs.writeFileSync(
    file,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        machine,
        seed,
        repeat,
        withBundled,
        photos,
        photoMp,
        rows,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nRaw figures: ${path.relative(root, file)}`);
}
process.exit(failed || stopped ? 1 : 0);
