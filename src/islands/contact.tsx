import { ContactIsland } from '@/features/contact/components/contact-island';
import { hydrateIslands } from '@/lib/hydrate-islands';

hydrateIslands(ContactIsland);
