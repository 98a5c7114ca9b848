/** HTML-escapes text for an element's content or a quoted attribute value. */
export const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** A mail header must stay one line, whatever an admin typed (e.g. into a title). */
export const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();
