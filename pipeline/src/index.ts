export {
  ANCHORED_LEVELS,
  type BodyPreview,
  type BodyProblem,
  checkBody,
  MAX_NESTING,
  nestingProblem,
  CompileError,
  type Compiled,
  type CompileOptions,
  compileMarkdown,
  type Heading,
  outlineMdx,
  previewMarkdown,
  previewOf,
  refusedPreview,
} from './compile';
export {
  type CompilePool,
  type CompilePoolOptions,
  CompileTimeout,
  createCompilePool,
} from './compile-pool';
export { type MailLinks, mailText } from './mail-text';
export { ALLOWED_SCHEMES, classifyHref, type LinkKind, rehypePostRules } from './links';
export {
  normaliseBody,
  PostFileError,
  type PostFileResult,
  type PostSource,
  readPostFile,
  readPostSource,
  writePostFile,
} from './post-file';
export {
  type CompanyIdentity,
  type ContactFacts,
  readCompanyIdentityFrom,
  readContactFactsFrom,
  readSampleCompanyFactsFrom,
} from './site-facts';
export {
  ContentFileError,
  parseContentYaml,
  readCategoryNamesFrom,
  readContentFile,
} from './content-file';
