import { StaffMenuIsland } from '@/app/layout/staff-menu';
import { hydrateIslands } from '@/lib/hydrate-islands';

hydrateIslands(StaffMenuIsland);
