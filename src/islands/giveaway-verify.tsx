import { DrawCheckerIsland } from '@/features/giveaway/components/draw-checker';
import { hydrateIslands } from '@/lib/hydrate-islands';

hydrateIslands(DrawCheckerIsland);
