import { BlogListIsland } from '@/features/blog/components/blog-list-island';
import { hydrateIslands } from '@/lib/hydrate-islands';

hydrateIslands(BlogListIsland);
