import { EntryPulseIsland } from '@/features/giveaway/components/entry-pulse';
import { hydrateIslands } from '@/lib/hydrate-islands';

hydrateIslands(EntryPulseIsland);
