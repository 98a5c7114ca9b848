"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.CONTENT_DIR = void 0;
exports.repositoryContentFile = repositoryContentFile;
const node_fs_1 = __importDefault(require("node:fs"));
const node_path_1 = __importDefault(require("node:path"));
const content_file_1 = require("../pipeline/src/content-file");
/** The repository's content/ folder. */
exports.CONTENT_DIR = node_path_1.default.resolve(__dirname, '../content');
/**
 * A file of the repository's content/ folder, parsed as the build parses it but not checked, so
 * that a test can break it on purpose.
 */
function repositoryContentFile(file) {
    const source = node_fs_1.default.readFileSync(node_path_1.default.join(exports.CONTENT_DIR, file), 'utf8');
    return (0, content_file_1.parseContentYaml)(source, file);
}
