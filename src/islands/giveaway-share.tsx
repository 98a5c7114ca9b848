import { ShareCardIsland } from '@/features/giveaway/components/share-card';
import { hydrateIslands } from '@/lib/hydrate-islands';

hydrateIslands(ShareCardIsland);
