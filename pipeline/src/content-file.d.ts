import { type SiteContentFile, type SiteContentFileName } from '@site/contracts';
/**
 * The one reader of the site content files (content/*.yaml) for every program that reads them:
 * the Gatsby build (plugins/site-content makes the nodes with it), the API (site facts, blog
 * categories) and the tests. YAML 1.2's core schema: `2025` is a number, `true` a boolean, a
 * date stays text; a key written twice is an error.
 */
/** A content file cannot be read or does not match its schema; the message names file and field. */
export declare class ContentFileError extends Error {
    /** Every problem found, one sentence each. */
    readonly problems: readonly string[];
    constructor(message: string, 
    /** Every problem found, one sentence each. */
    problems?: readonly string[]);
}
/** Parses the text of content/`file`; throws a ContentFileError that names the line. */
export declare function parseContentYaml(source: string, file: string): unknown;
/**
 * Parses content/`file` and checks it against its schema; throws a ContentFileError listing every
 * problem.
 */
export declare function readContentFile<F extends SiteContentFileName>(source: string, file: F): SiteContentFile<F>;
/**
 * The category names of content/categories.yaml; an unreadable file names none (the build
 * refuses such a file with its problems).
 */
export declare function readCategoryNamesFrom(source: string): string[];
