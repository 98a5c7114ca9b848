import { pictureFile, pictureMarkdown } from '../components/pictures';

describe('pictures in the editor', () => {
  it('writes the alt text as markdown text: brackets and backslashes escaped, one line', () => {
    expect(pictureMarkdown('A [draft] \\ plan\non paper', 'media/ab.jpg')).toBe(
      '![A \\[draft\\] \\\\ plan on paper](media/ab.jpg)',
    );
    expect(pictureMarkdown('  ', 'media/ab.jpg')).toBe('![](media/ab.jpg)');
  });

  it('takes the first picture among pasted or dropped files', () => {
    const text = new File(['x'], 'notes.txt', { type: 'text/plain' });
    const photo = new File(['y'], 'photo.jpg', { type: 'image/jpeg' });
    const list = (files: File[]) =>
      ({
        length: files.length,
        item: (i: number) => files[i],
        [Symbol.iterator]: () => files.values(),
      }) as unknown as FileList;
    expect(pictureFile(list([text, photo]))).toBe(photo);
    expect(pictureFile(list([text]))).toBeNull();
    expect(pictureFile(null)).toBeNull();
  });
});
