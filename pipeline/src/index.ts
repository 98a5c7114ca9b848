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
export {
  applyPictures,
  BODY_SIZES,
  collectImages,
  imagesInTree,
  type ImageUse,
  isWebImage,
  OWN_MEDIA_FILE,
  OWN_MEDIA_PREFIX,
  ownMediaFile,
  ownMediaFiles,
  pictureElement,
  type PictureOptions,
  type PostPicture,
  type UnresolvedImage,
} from './images';
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
export {
  compareFeedPosts,
  FEED_DATA_FILE,
  FEED_LIMIT,
  FEED_SPARE,
  type FeedData,
  type FeedChannel,
  feedChannel,
  feedItems,
  type FeedPost,
  feedXml,
} from './feed';
