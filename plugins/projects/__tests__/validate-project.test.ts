import { findDuplicateIds, isProjectUrl, validateProjectEntry } from '../validate-project';

const valid = {
  id: 'focus-timer',
  title: 'Focus Timer',
  description: 'A Pomodoro timer.',
  type: 'html',
  url: '/tools/focus-timer/',
  technologies: ['HTML', 'JavaScript'],
  image: 'projects/focus-timer.png',
  status: 'live',
  category: 'Productivity',
};
const imageExists = (relativePath: string) => relativePath === 'projects/focus-timer.png';

describe('validateProjectEntry', () => {
  it('accepts a complete entry, with or without a GitHub link', () => {
    expect(validateProjectEntry(valid, imageExists)).toEqual([]);
    expect(
      validateProjectEntry(
        { ...valid, githubUrl: 'https://github.com/acme/focus-timer' },
        imageExists,
      ),
    ).toEqual([]);
  });

  it('names the entry and field for an unknown type or status', () => {
    expect(validateProjectEntry({ ...valid, type: 'vue' }, imageExists)).toEqual([
      'Project "focus-timer" in content/projects.yaml has "vue" in field "type"; use one of: html, react, other.',
    ]);
    expect(validateProjectEntry({ ...valid, status: 'done' }, imageExists)).toEqual([
      'Project "focus-timer" in content/projects.yaml has "done" in field "status"; use one of: live, development, planned.',
    ]);
  });

  it('reports a missing image file', () => {
    expect(validateProjectEntry({ ...valid, image: 'projects/missing.png' }, imageExists)).toEqual([
      'Project "focus-timer" in content/projects.yaml points field "image" at "projects/missing.png", but that file does not exist next to projects.yaml.',
    ]);
  });

  it('reports bad URLs in url and githubUrl', () => {
    expect(validateProjectEntry({ ...valid, url: 'javascript:alert(1)' }, imageExists)).toEqual([
      'Project "focus-timer" in content/projects.yaml has an invalid URL "javascript:alert(1)" in field "url"; use a site path such as /tools/x/ or an http(s) address.',
    ]);
    expect(validateProjectEntry({ ...valid, githubUrl: 'github.com/acme' }, imageExists)).toEqual([
      'Project "focus-timer" in content/projects.yaml has "github.com/acme" in field "githubUrl"; use https://github.com/<owner>/<repo>.',
    ]);
  });

  it('reports missing required fields, naming the entry by title when the id is missing', () => {
    const { id: _id, category: _category, ...withoutIdAndCategory } = valid;
    expect(validateProjectEntry(withoutIdAndCategory, imageExists)).toEqual([
      'The project titled "Focus Timer" in content/projects.yaml is missing the required field "id".',
      'The project titled "Focus Timer" in content/projects.yaml is missing the required field "category".',
    ]);
    const { status: _status, ...withoutStatus } = valid;
    expect(validateProjectEntry(withoutStatus, imageExists)).toEqual([
      'Project "focus-timer" in content/projects.yaml is missing the required field "status".',
    ]);
    expect(validateProjectEntry({ ...valid, technologies: [] }, imageExists)).toEqual([
      'Project "focus-timer" in content/projects.yaml needs field "technologies" as a non-empty list.',
    ]);
  });
});

describe('isProjectUrl', () => {
  it.each([
    ['/tools/drowsiness/', true],
    ['/tools/roadmap/#docs-search', true],
    ['https://example.com/app', true],
    ['//evil.example/x', false],
    ['ftp://example.com', false],
    ['https://localhost', false],
    ['not a url', false],
  ])('%s → %s', (url, expected) => {
    expect(isProjectUrl(url)).toBe(expected);
  });
});

describe('findDuplicateIds', () => {
  it('lists each repeated id once', () => {
    expect(findDuplicateIds(['a', 'b', 'a', 'c', 'a', 'b'])).toEqual(['a', 'b']);
    expect(findDuplicateIds(['a', 'b'])).toEqual([]);
  });
});
