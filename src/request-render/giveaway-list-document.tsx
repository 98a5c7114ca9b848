/** /giveaway as a document page: the list is drawn exactly as the app page's slot draws it. */
export { render } from './giveaway-list';
