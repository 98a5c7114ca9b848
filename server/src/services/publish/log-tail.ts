/** How much of a build's output a job keeps: enough to see why it failed. */
const TAIL_LINES = 40;
export const TAIL_CHARS = 6000;

/** Terminal colours and cursor moves (Gatsby's progress output) mean nothing in a stored log. */
// eslint-disable-next-line no-control-regex -- the escape character is exactly what is removed
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

export function tailOf(text: string): string {
  const lines = text.replace(ANSI, '').replace(/\r/g, '').split('\n');
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.slice(-TAIL_LINES).join('\n').slice(-TAIL_CHARS);
}
