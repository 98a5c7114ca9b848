import { csvCell, toCsv } from '../../../src/services/giveaways/csv';

test.each([
  ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
  ['+1', `"'+1"`],
  ['-2', `"'-2"`],
  ['@SUM(A1)', `"'@SUM(A1)"`],
  ['\tx', `"'\tx"`],
  ['plain', '"plain"'],
  ['a,b\nc', '"a,b\nc"'],
])('cell %p is written inert as %p', (value, written) => {
  expect(csvCell(value)).toBe(written);
});

test('numbers are not prefixed, even negative ones', () => {
  expect(csvCell(-5)).toBe('"-5"');
});

test('rows end with CRLF and start with the header', () => {
  expect(toCsv(['id', 'email'], [[1, 'a@b.co']])).toBe('"id","email"\r\n"1","a@b.co"\r\n');
});
