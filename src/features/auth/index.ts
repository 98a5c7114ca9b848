/**
 * The auth feature's public entry: what the app shell and other features may use. Anything else
 * in this folder is private to it (ESLint refuses deeper imports from outside the feature).
 */
export {
  SessionProvider,
  useOptionalSession,
  useSession,
  type Role,
  type SessionState,
  type SessionValue,
} from './session-context';
