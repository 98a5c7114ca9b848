/** The part of Prism the preview uses (the package ships no types and @types/prismjs is not installed). */
declare module 'prismjs' {
  type Grammar = Record<string, unknown>;
  const Prism: {
    languages: Record<string, Grammar | undefined>;
    highlight(text: string, grammar: Grammar, language: string): string;
  };
  export default Prism;
}

/** Language definitions register themselves on the Prism object when imported. */
declare module 'prismjs/components/*';
