import { ReceiptCheckIsland } from '@/features/giveaway/components/receipt-check';
import { hydrateIslands } from '@/lib/hydrate-islands';

hydrateIslands(ReceiptCheckIsland);
