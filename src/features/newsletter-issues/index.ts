/**
 * Newsletter issues' public entry for other features: the "Email to subscribers" panel (editor)
 * and the list of issues sent (inbox). Everything exported here lands in the importer's bundle.
 */
export { EmailToSubscribers } from './components/email-to-subscribers';
export { IssueList } from './components/issue-list';
