import { jsonForScript } from '../json-for-script';

describe('jsonForScript', () => {
  it('escapes everything that could end the element or change how it is parsed', () => {
    const value = { title: "</script><script>alert('x')</script> & <!-- \u2028\u2029" };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toBe(
      '{"title":"\\u003c/script\\u003e\\u003cscript\\u003ealert(\'x\')\\u003c/script\\u003e \\u0026 \\u003c!-- \\u2028\\u2029"}',
    );
    expect(JSON.parse(text)).toEqual(value);
  });
});
