/**
 * The blog's public entry for other features: the published post page's pieces, so the editor's
 * preview is drawn exactly as the post will be. Everything exported
 * here lands in the importer's bundle, so it holds only what another feature uses.
 */
// The code-highlighting styles the post body needs wherever it is drawn.
import './styles/prism-theme.css';

export { PostArticle, type PostArticleProps } from './components/post-article';
export { PostBody } from './components/post-body';
export { PostCover } from './components/post-cover';
export { PostNotFound } from './components/post-not-found';
export { PostSidebar, type PostSidebarProps, type RelatedPost } from './components/post-sidebar';
