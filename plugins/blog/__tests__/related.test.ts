import { selectRelated } from '../related';

const post = (id: string, category: string, date: string) => ({ id, slug: id, category, date });

describe('selectRelated', () => {
  const posts = [
    post('current', 'engineering', '2025-05-01'),
    post('e1', 'engineering', '2025-01-01'),
    post('e2', 'engineering', '2025-04-01'),
    post('s1', 'security', '2025-06-01'),
    post('e3', 'engineering', '2025-03-01'),
    post('e4', 'engineering', '2025-02-01'),
  ];

  it('returns up to three posts of the same category, newest first, never the current one', () => {
    expect(selectRelated(posts, posts[0]!).map((item) => item.id)).toEqual(['e2', 'e3', 'e4']);
  });

  it('returns fewer when the category is small, and none when the post is alone', () => {
    expect(
      selectRelated(posts, post('x', 'security', '2025-01-01')).map((item) => item.id),
    ).toEqual(['s1']);
    expect(selectRelated(posts, posts[3]!)).toEqual([]);
  });
});
