import { ShareIsland } from '@/features/blog/components/share-island';
import { hydrateIslands } from '@/lib/hydrate-islands';

hydrateIslands(ShareIsland);
