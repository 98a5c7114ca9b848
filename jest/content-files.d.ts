/** The repository's content/ folder. */
export declare const CONTENT_DIR: string;
/**
 * A file of the repository's content/ folder, parsed as the build parses it but not checked, so
 * that a test can break it on purpose.
 */
export declare function repositoryContentFile(file: string): Record<string, unknown>;
