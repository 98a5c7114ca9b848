/**
 * JSON for the inside of a <script> element (JSON-LD). JSON.stringify alone would let a value
 * containing "</script>" end the element, and "<!--" change how the HTML parser reads it; U+2028
 * and U+2029 are escaped too so the text is also valid JavaScript. Every such character is written
 * as its \u escape, which JSON readers decode to the same value.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => {
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}
