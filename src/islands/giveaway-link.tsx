import { MailedLinkIsland } from '@/features/giveaway/components/mailed-link-island';
import { hydrateIslands } from '@/lib/hydrate-islands';

hydrateIslands(MailedLinkIsland);
