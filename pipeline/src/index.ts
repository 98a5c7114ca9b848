export {
  ANCHORED_LEVELS,
  type BodyPreview,
  type BodyProblem,
  checkBody,
  CompileError,
  type Compiled,
  compileMarkdown,
  type Heading,
  outlineMdx,
  previewMarkdown,
} from './compile';
export { type CompilePool, type CompilePoolOptions, createCompilePool } from './compile-pool';
export { ALLOWED_SCHEMES, classifyHref, type LinkKind, rehypePostRules } from './links';
export {
  normaliseBody,
  PostFileError,
  type PostFileResult,
  type PostSource,
  readPostFile,
  readCategoryNamesFrom,
  readPostSource,
  writePostFile,
} from './post-file';
export { type ContactFacts, readContactFactsFrom, SiteFactsError } from './site-facts';
