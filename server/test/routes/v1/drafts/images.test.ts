import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Draft, DraftPreview, PostUpload, PublishJob } from '@site/contracts';
import { readPostFile } from '@site/pipeline';
import { buildTestApp, type TestApp, userWithToken } from '../../../helpers/build';
import { DRAFT, makeContentDir } from './fixtures';

jest.setTimeout(60_000);

/**
 * Pictures in the post editor: uploads checked and re-encoded by the image service's rules,
 * limited per account, drawn in the preview, copied into the post's folder on publish (only those
 * the post names, so nothing is left behind) and committed with the post in git mode.
 */

const FAKE_BUILD = `node ${path.join(__dirname, 'fake-build.cjs')}`;

let photo: Buffer;
beforeAll(async () => {
  photo = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 110, b: 190 } },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 8/1 0/1' },
    })
    .toBuffer();
});

function multipart(name: string, type: string, bytes: Buffer) {
  const boundary = '----post-media-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@t',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@t',
    },
  }).trim();

async function setup(env: Record<string, string> = {}) {
  const content = makeContentDir();
  const t: TestApp = await buildTestApp({
    CONTENT_DIR: content.dir,
    SITE_BUILD_COMMAND: FAKE_BUILD,
    // Publishing compiles the body with a time limit; a shared, busy machine must not trip it.
    COMPILE_TIMEOUT_SECONDS: '20',
    ...env,
  });
  const editor = await userWithToken(t.app, 'editor', 'dana');
  const headers = { authorization: editor.authorization };
  const create = async (patch: object = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/drafts',
      headers,
      payload: { ...DRAFT, ...patch },
    });
    expect(res.statusCode).toBe(201);
    return res.json<Draft>();
  };
  const save = (id: number, patch: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/drafts/${id}`,
      headers,
      payload: { ...DRAFT, ...patch },
    });
  const upload = (id: number, name: string, type: string, bytes: Buffer, auth = headers) => {
    const { body, contentType } = multipart(name, type, bytes);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/drafts/${id}/images`,
      headers: { ...auth, 'content-type': contentType },
      payload: body,
    });
  };
  const publish = async (id: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/drafts/${id}/publish`,
      headers,
    });
    expect(res.statusCode).toBe(202);
    await t.app.siteBuilder.idle();
    return res.json<PublishJob>();
  };
  const mediaDir = (slug: string) => path.join(content.dir, 'blog-media', slug);
  const close = async () => {
    await t.close();
    content.remove();
  };
  return { t, content, headers, create, save, upload, publish, mediaDir, close };
}
type Setup = Awaited<ReturnType<typeof setup>>;

describe('uploading pictures for a draft', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup({ IMAGE_MAX_MB: '1', IMAGE_MAX_MEGAPIXELS: '4', RATE_LIMIT_UPLOAD: '1000' });
  });
  afterAll(() => s.close());

  test('stores the picture re-encoded without metadata and answers how the body names it', async () => {
    const draft = await s.create();
    const res = await s.upload(draft.id, 'holiday.jpg', 'image/jpeg', photo);
    expect(res.statusCode).toBe(201);
    const stored = res.json<PostUpload>();
    expect(stored).toMatchObject({ width: 1200, height: 800 });
    expect(stored.file).toMatch(/^[0-9a-f]{24}\.jpg$/);
    expect(stored.src).toBe(`media/${stored.file}`);
    expect(stored.picture).toMatchObject({
      width: 1200,
      height: 800,
      src: `/media/drafts/${stored.file}`,
    });
    expect(stored.picture.placeholder).toMatch(/^data:image\/webp;base64,/);

    const served = await s.t.app.inject({ url: stored.picture.src });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);

    const missing = await s.t.app.inject({ url: '/media/drafts/0123456789abcdef01234567.jpg' });
    expect(missing.statusCode).toBe(404);
    const sneaky = await s.t.app.inject({ url: '/media/drafts/..%2F..%2Fsecret.jpg' });
    expect(sneaky.statusCode).toBe(404);
  });

  test('refuses what is not a raster picture, too large or damaged, with a sentence', async () => {
    const draft = await s.create();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const cases: [string, string, Buffer, number, RegExp][] = [
      ['drawing.svg', 'image/svg+xml', svg, 415, /SVG drawing/],
      [
        'page.jpg',
        'image/jpeg',
        Buffer.from('<!doctype html><script>alert(1)</script>'),
        415,
        /not an image this site can use/,
      ],
      ['cut.jpg', 'image/jpeg', photo.subarray(0, Math.floor(photo.length / 2)), 400, /damaged/],
      ['huge.bin', 'image/jpeg', Buffer.alloc(2 * 1024 * 1024, 7), 413, /larger than the 1 MB/],
      [
        'wide.png',
        'image/png',
        await sharp({
          create: { width: 4000, height: 1200, channels: 3, background: '#fff' },
        })
          .png({ compressionLevel: 9 })
          .toBuffer(),
        413,
        /4000 × 1200 pixels; the most taken is 4,000,000/,
      ],
    ];
    for (const [name, type, bytes, status, message] of cases) {
      const res = await s.upload(draft.id, name, type, bytes);
      expect({ name, status: res.statusCode }).toEqual({ name, status });
      expect(res.json<{ detail: string }>().detail).toMatch(message);
    }
    const notMultipart = await s.t.app.inject({
      method: 'POST',
      url: `/api/v1/drafts/${draft.id}/images`,
      headers: s.headers,
      payload: { url: 'https://example.com/x.jpg' },
    });
    expect(notMultipart.statusCode).toBe(415);
    expect(notMultipart.json<{ detail: string }>().detail).toMatch(/multipart\/form-data/);
  });

  test('only staff may upload, and only for a draft that exists', async () => {
    const draft = await s.create();
    const anonymous = await s.upload(draft.id, 'a.jpg', 'image/jpeg', photo, {
      authorization: '',
    });
    expect(anonymous.statusCode).toBe(401);
    const gone = await s.upload(99999, 'a.jpg', 'image/jpeg', photo);
    expect(gone.statusCode).toBe(404);
  });

  test('an upload warms the markdown compiler for the preview that follows; a refused request does not', async () => {
    const draft = await s.create();
    const warm = jest.spyOn(s.t.app.compiler, 'warm');
    try {
      const anonymous = await s.upload(draft.id, 'a.jpg', 'image/jpeg', photo, {
        authorization: '',
      });
      expect(anonymous.statusCode).toBe(401);
      expect((await s.upload(99999, 'a.jpg', 'image/jpeg', photo)).statusCode).toBe(404);
      expect(warm).not.toHaveBeenCalled();
      const res = await s.upload(draft.id, 'a.jpg', 'image/jpeg', photo);
      expect(res.statusCode).toBe(201);
      expect(warm).toHaveBeenCalledTimes(1);
      // Warmed or not, the preview is the same.
      const { src } = res.json<PostUpload>();
      const preview = await s.t.app.inject({
        method: 'POST',
        url: '/api/v1/drafts/preview',
        headers: s.headers,
        payload: { body: `![A blue field](${src})` },
      });
      expect(preview.statusCode).toBe(200);
      expect(preview.json<DraftPreview>().html).toContain('width="1200" height="800"');
    } finally {
      warm.mockRestore();
    }
  });

  test('the preview draws an upload as <picture> with its size, and lists an empty alt text', async () => {
    const draft = await s.create();
    const { src } = (await s.upload(draft.id, 'a.jpg', 'image/jpeg', photo)).json<PostUpload>();
    const preview = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/drafts/preview',
      headers: s.headers,
      payload: { body: `![A blue field](${src})\n\nText.`, cover: src },
    });
    expect(preview.statusCode).toBe(200);
    const answer = preview.json<DraftPreview>();
    expect(answer.problems).toEqual([]);
    expect(answer.html).toContain('<picture>');
    expect(answer.html).toContain('width="1200" height="800"');
    expect(answer.html).toContain('alt="A blue field"');
    // The cover is the first thing on the page, so the body's picture waits.
    expect(answer.html).toContain('loading="lazy"');
    expect(answer.cover).toMatchObject({ width: 1200, height: 800 });

    const unknown = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/drafts/preview',
      headers: s.headers,
      payload: { body: 'Text.\n\n![x](media/0123456789abcdef01234567.jpg)' },
    });
    expect(unknown.json<DraftPreview>().problems).toEqual([
      {
        line: 3,
        message:
          'shows the picture media/0123456789abcdef01234567.jpg, which is not stored on the server; upload it again.',
      },
    ]);

    const saved = await s.save(draft.id, { body: `Intro\n\n![](${src})\n` });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Draft>().problems).toContainEqual({
      field: 'body',
      message: `line 3: the picture ${src} has no alternative text; write what it shows between the brackets of ![…](${src}).`,
    });
  });

  test('an address that cannot be fetched fails the preview with the reason', async () => {
    const preview = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/drafts/preview',
      headers: s.headers,
      payload: { body: '![chart](http://127.0.0.1:1/chart.png)' },
    });
    expect(preview.statusCode).toBe(200);
    const [problem] = preview.json<DraftPreview>().problems;
    expect(problem?.line).toBe(1);
    expect(problem?.message).toMatch(
      /^shows a picture that cannot be used: The image at http:\/\/127\.0\.0\.1:1\/chart\.png could not be fetched/,
    );
  });
});

test('uploads are limited per account (RATE_LIMIT_UPLOAD a minute)', async () => {
  const s = await setup({ RATE_LIMITS: 'on', RATE_LIMIT_UPLOAD: '2' });
  try {
    const draft = await s.create();
    for (let i = 0; i < 2; i += 1) {
      expect((await s.upload(draft.id, 'a.jpg', 'image/jpeg', photo)).statusCode).toBe(201);
    }
    const third = await s.upload(draft.id, 'a.jpg', 'image/jpeg', photo);
    expect(third.statusCode).toBe(429);
    expect(third.json<{ detail: string }>().detail).toBeTruthy();
  } finally {
    await s.close();
  }
});

describe('publishing a post with pictures', () => {
  test('copies exactly the pictures the post names into its folder; a removed one leaves no file', async () => {
    const s = await setup();
    try {
      const draft = await s.create();
      const first = (await s.upload(draft.id, 'a.jpg', 'image/jpeg', photo)).json<PostUpload>();
      const other = await sharp(photo).negate().jpeg().toBuffer();
      const second = (await s.upload(draft.id, 'b.jpg', 'image/jpeg', other)).json<PostUpload>();
      const unused = await sharp(photo).greyscale().jpeg().toBuffer();
      await s.upload(draft.id, 'c.jpg', 'image/jpeg', unused);
      const saved = await s.save(draft.id, {
        body: `![One](${first.src})\n\nText\n\n![Two](${second.src})\n`,
        cover: second.src,
        cover_alt: 'A negative',
      });
      expect(saved.json<Draft>().problems).toEqual([]);
      const job = await s.publish(draft.id);
      const done = await s.t.app.inject({ url: '/api/v1/publish-jobs', headers: s.headers });
      expect(done.json<{ items: PublishJob[] }>().items[0]).toMatchObject({
        id: job.id,
        status: 'succeeded',
      });
      const folder = s.mediaDir(draft.slug);
      expect(fs.readdirSync(folder).sort()).toEqual([first.file, second.file].sort());
      const file = fs.readFileSync(path.join(s.content.dir, 'blog', `${draft.slug}.md`), 'utf8');
      const read = readPostFile(file, `${draft.slug}.md`);
      expect(read.ok && read.fields).toMatchObject({ cover: second.src, coverAlt: 'A negative' });
      // Nothing kept aside once the change is live.
      expect(fs.readdirSync(path.join(s.content.dir, 'blog-media', '.previous'))).toEqual([]);

      // Edit the post: the first picture leaves the text and the cover goes.
      const edit = await s.t.app.inject({
        method: 'POST',
        url: `/api/v1/posts/${draft.slug}/edit`,
        headers: s.headers,
      });
      const editing = edit.json<Draft>();
      expect(editing).toMatchObject({ cover: second.src, cover_alt: 'A negative' });
      await s.save(editing.id, {
        body: `Text\n\n![Two](${second.src})\n`,
        cover: '',
        cover_alt: '',
      });
      await s.publish(editing.id);
      expect(fs.readdirSync(folder)).toEqual([second.file]);

      // Unpublished: the folder goes with the post.
      const gone = await s.t.app.inject({
        method: 'POST',
        url: `/api/v1/posts/${draft.slug}/unpublish`,
        headers: s.headers,
      });
      expect(gone.statusCode).toBe(202);
      await s.t.app.siteBuilder.idle();
      expect(fs.existsSync(folder)).toBe(false);
    } finally {
      await s.close();
    }
  });

  test('a failed build puts the folder back as it was', async () => {
    const s = await setup();
    try {
      const draft = await s.create();
      const first = (await s.upload(draft.id, 'a.jpg', 'image/jpeg', photo)).json<PostUpload>();
      await s.save(draft.id, { body: `![One](${first.src})\n\nBREAK THE BUILD\n` });
      await s.publish(draft.id);
      expect(fs.existsSync(s.mediaDir(draft.slug))).toBe(false);
    } finally {
      await s.close();
    }
  });

  test('in git mode the pictures are committed with the post', async () => {
    const s = await setup({ PUBLISH_MODE: 'git' });
    try {
      git(s.content.dir, 'init', '--quiet');
      git(s.content.dir, 'add', '.');
      git(s.content.dir, 'commit', '--quiet', '-m', 'content');
      const draft = await s.create();
      const first = (await s.upload(draft.id, 'a.jpg', 'image/jpeg', photo)).json<PostUpload>();
      await s.save(draft.id, { body: `![One](${first.src})\n` });
      const job = await s.publish(draft.id);
      expect(job.status).toBe('succeeded');
      expect(
        git(s.content.dir, 'show', '--name-only', '--format=', 'HEAD').split('\n').sort(),
      ).toEqual([`blog-media/${draft.slug}/${first.file}`, `blog/${draft.slug}.md`].sort());
      expect(git(s.content.dir, 'status', '--porcelain')).toBe('');
    } finally {
      await s.close();
    }
  });
});
