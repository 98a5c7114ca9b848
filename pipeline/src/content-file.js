"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ContentFileError = void 0;
exports.parseContentYaml = parseContentYaml;
exports.readContentFile = readContentFile;
exports.readCategoryNamesFrom = readCategoryNamesFrom;
const contracts_1 = require("@site/contracts");
const yaml_1 = require("yaml");
/**
 * The one reader of the site content files (content/*.yaml) for every program that reads them:
 * the Gatsby build (plugins/site-content makes the nodes with it), the API (site facts, blog
 * categories) and the tests. YAML 1.2's core schema: `2025` is a number, `true` a boolean, a
 * date stays text; a key written twice is an error.
 */
/** A content file cannot be read or does not match its schema; the message names file and field. */
class ContentFileError extends Error {
    problems;
    constructor(message, 
    /** Every problem found, one sentence each. */
    problems = [message]) {
        super(message);
        this.problems = problems;
        this.name = 'ContentFileError';
    }
}
exports.ContentFileError = ContentFileError;
/** Parses the text of content/`file`; throws a ContentFileError that names the line. */
function parseContentYaml(source, file) {
    const doc = (0, yaml_1.parseDocument)(source, { schema: 'core', uniqueKeys: true, prettyErrors: true });
    const first = doc.errors[0];
    if (first) {
        const line = first.linePos?.[0].line ?? 1;
        const what = first.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? '';
        throw new ContentFileError(`content/${file} is not valid YAML (line ${line}): ${what}.`);
    }
    return doc.toJS({ maxAliasCount: 20 });
}
/**
 * Parses content/`file` and checks it against its schema; throws a ContentFileError listing every
 * problem.
 */
function readContentFile(source, file) {
    const value = parseContentYaml(source, file);
    const problems = (0, contracts_1.checkContent)(contracts_1.SITE_CONTENT_FILES[file], value, `content/${file}`);
    if (problems.length > 0)
        throw new ContentFileError(problems.join('\n'), problems);
    return value;
}
/**
 * The category names of content/categories.yaml; an unreadable file names none (the build
 * refuses such a file with its problems).
 */
function readCategoryNamesFrom(source) {
    let data;
    try {
        data = parseContentYaml(source, 'categories.yaml');
    }
    catch {
        return [];
    }
    if (!Array.isArray(data))
        return [];
    return data
        .map((entry) => entry && typeof entry === 'object' ? entry.name : undefined)
        .filter((name) => typeof name === 'string' && name !== '');
}
