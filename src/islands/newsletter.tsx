import { NewsletterIsland } from '@/features/newsletter';
import { hydrateIslands } from '@/lib/hydrate-islands';

hydrateIslands(NewsletterIsland);
