/**
 * The newsletter's public entry for other features: the sign-up card (the blog shows it beside
 * every post and on /blog) and the footer's compact signup (every page). Everything exported here lands in the importer's bundle.
 */
export { NewsletterCard, type NewsletterCardProps } from './components/newsletter-card';
export { NewsletterIsland } from './components/newsletter-island';
export { FooterSignupIsland } from './components/footer-signup';
