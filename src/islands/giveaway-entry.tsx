import { GiveawayEntryIsland } from '@/features/giveaway/components/giveaway-entry';
import { hydrateIslands } from '@/lib/hydrate-islands';

hydrateIslands(GiveawayEntryIsland);
