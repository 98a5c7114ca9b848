import { FooterSignupIsland } from '@/features/newsletter';
import { hydrateIslands } from '@/lib/hydrate-islands';

hydrateIslands(FooterSignupIsland);
