/**
 * The staff feature's public entry: what other features may use. Anything else in this folder is
 * private to it (ESLint refuses deeper imports from outside the feature).
 */
export { AccessDenied, Lead, StaffPage, Title } from './components/staff-layout';
