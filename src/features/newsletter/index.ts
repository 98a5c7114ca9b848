/**
 * The newsletter's public entry for other features: the sign-up card (the blog shows it beside
 * every post). Everything exported here lands in the importer's bundle.
 */
export { NewsletterCard, type NewsletterCardProps } from './components/newsletter-card';
export { NewsletterIsland } from './components/newsletter-island';
