import {
  CsvImportError,
  csvRecords,
  MAX_CSV_BYTES,
  MAX_CSV_ROWS,
  parseCommentsCsv,
} from '../../../src/services/instagram/csv-import';

function errorOf(fn: () => unknown): CsvImportError {
  try {
    fn();
  } catch (error) {
    if (error instanceof CsvImportError) return error;
    throw error;
  }
  throw new Error('expected a CsvImportError');
}

describe('csvRecords (RFC 4180)', () => {
  test('quoted fields keep commas, doubled quotes and line breaks; records know their line', () => {
    const text = 'a,b\r\n"x, y","say ""hi"""\r\n"multi\r\nline",z\nlast,"\n"';
    expect([...csvRecords(text)]).toEqual([
      { fields: ['a', 'b'], line: 1 },
      { fields: ['x, y', 'say "hi"'], line: 2 },
      { fields: ['multi\r\nline', 'z'], line: 3 },
      { fields: ['last', '\n'], line: 5 },
    ]);
  });

  test('an empty last field and a bare CR line end', () => {
    expect([...csvRecords('a,\rb,c')].map((r) => r.fields)).toEqual([
      ['a', ''],
      ['b', 'c'],
    ]);
  });

  test('an unclosed quote names the line the field starts on', () => {
    const error = errorOf(() => [...csvRecords('a,b\n1,"open\n\nnever closed')]);
    expect(error.line).toBe(2);
    expect(error.message).toBe('Line 2: a quoted field is never closed');
  });

  test('text after a closing quote is refused', () => {
    expect(errorOf(() => [...csvRecords('a\n"x"y')]).line).toBe(2);
  });
});

describe('parseCommentsCsv', () => {
  test("the platform's column names, BOM and CRLF, yielding the API client's shape", () => {
    const csv =
      '\uFEFFid,username,text,timestamp,like_count,parent_id\r\n' +
      '17873440459141021,@Ann,"Love it, @bea @cid",2024-03-01T14:22:11+0000,3,\r\n' +
      '17873440459141022,bob,"line one\r\nline two",2024-03-01T14:23:00+0000,,17873440459141021\r\n';
    const out = parseCommentsCsv(Buffer.from(csv, 'utf8'));
    expect(out.comments).toEqual([
      {
        id: '17873440459141021',
        username: 'Ann',
        text: 'Love it, @bea @cid',
        timestamp: '2024-03-01T14:22:11.000Z',
        parentId: null,
        likeCount: 3,
        source: 'csv',
      },
      {
        id: '17873440459141022',
        username: 'bob',
        text: 'line one\r\nline two',
        timestamp: '2024-03-01T14:23:00.000Z',
        parentId: '17873440459141021',
        likeCount: null,
        source: 'csv',
      },
    ]);
  });

  test.each([
    ['Author,Comment,Date', 'author', 'comment', 'date'],
    ['User Name;Message;Created At', 'user name', 'message', 'created at'],
    ['Profile\tContent\tTime', 'profile', 'content', 'time'],
    ['handle,comment_text,created_time,Comment ID', 'handle', 'comment_text', 'created_time'],
  ])('comment-picker headers %p are recognised', (header, user, text, time) => {
    const sep = header.includes(';') ? ';' : header.includes('\t') ? '\t' : ',';
    const row = ['ann', 'hello', '2024-03-01 10:00:00', '99'].slice(0, header.split(sep).length);
    const out = parseCommentsCsv(`${header}\n${row.join(sep)}\n`);
    expect(out.comments[0]).toMatchObject({
      username: 'ann',
      text: 'hello',
      timestamp: '2024-03-01T10:00:00.000Z',
    });
    expect(out.columns.username?.toLowerCase()).toBe(user);
    expect(out.columns.text?.toLowerCase()).toBe(text);
    expect((out.columns.timestamp ?? out.columns.date)?.toLowerCase()).toBe(time);
  });

  test('separate date and time columns are joined; Unix seconds and milliseconds are read', () => {
    const out = parseCommentsCsv(
      'user,comment,date,time\nann,a,2024-03-01,09:30\nbob,b,1709285400,\ncid,c,1709285400000,\n',
    );
    expect(out.comments.map((c) => c.timestamp)).toEqual([
      '2024-03-01T09:30:00.000Z',
      '2024-03-01T09:30:00.000Z',
      '2024-03-01T09:30:00.000Z',
    ]);
  });

  test('rows without an id get a stable derived id; exact repeats stay distinct', () => {
    const csv = 'user,comment,date\nann,hi,2024-03-01 10:00\nann,hi,2024-03-01 10:00\n';
    const first = parseCommentsCsv(csv).comments.map((c) => c.id);
    expect(first[0]).toMatch(/^csv-[0-9a-f]{24}$/);
    expect(first[1]).toBe(`${first[0]}-2`);
    expect(parseCommentsCsv(csv).comments.map((c) => c.id)).toEqual(first);
  });

  test('blank lines are skipped and do not shift the line numbers of errors', () => {
    const error = errorOf(() =>
      parseCommentsCsv('user,comment,date\n\nann,hi,2024-03-01 10:00\n\nbob,hi,01/03/2024\n'),
    );
    expect(error.line).toBe(5);
    expect(error.message).toMatch(/^Line 5: "01\/03\/2024" is not a date/);
  });

  test('a missing required column is named, with the header line', () => {
    const error = errorOf(() => parseCommentsCsv('user,likes\nann,3\n'));
    expect(error.line).toBe(1);
    expect(error.message).toContain('the comment (text, comment, message, …)');
    expect(error.message).toContain('the time');
    expect(error.message).not.toContain('account name');
  });

  test('an empty account name names its line', () => {
    expect(errorOf(() => parseCommentsCsv('user,comment,date\n"",x,2024-03-01 10:00\n')).line).toBe(
      2,
    );
  });

  test('an empty file and a too-large file are refused', () => {
    expect(errorOf(() => parseCommentsCsv('\uFEFF\r\n')).message).toBe('The file is empty.');
    const big = Buffer.alloc(MAX_CSV_BYTES + 1, 0x61);
    expect(errorOf(() => parseCommentsCsv(big)).message).toMatch(/the limit is 20 MB/);
  });

  test('more rows than the limit are refused at the first row too many', () => {
    const rows = ['user,comment,date'];
    for (let i = 0; i <= MAX_CSV_ROWS; i += 1) rows.push(`u${i},x,2024-03-01 10:00`);
    const error = errorOf(() => parseCommentsCsv(rows.join('\n')));
    expect(error.line).toBe(MAX_CSV_ROWS + 2);
  });
});
