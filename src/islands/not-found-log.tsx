import { registerIsland } from '@/lib/island-registry';
import { NOT_FOUND_LOG, notFoundLine } from '@/lib/not-found-log';

// No React here: logging the address is all this island does.
registerIsland(NOT_FOUND_LOG, () => {
  console.error(notFoundLine(window.location.pathname));
});
