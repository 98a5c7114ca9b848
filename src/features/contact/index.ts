/**
 * The contact feature's public entry for other features: the services an enquiry may name and
 * their labels (the inbox shows them). Everything exported here lands in the importer's bundle.
 */
export { type ServiceOption, useServiceLabel, useServiceOptions } from './services';
