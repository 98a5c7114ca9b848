import type { Rule } from 'eslint';

/** server/route-queries: routes do not query the database. */
declare const rule: Rule.RuleModule;
export default rule;
