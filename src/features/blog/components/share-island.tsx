import { island } from '@/lib/island';
import { ShareButton } from './share-button';

/**
 * A post's Share button as an island. Few readers press it, so its code loads only when it takes
 * focus or a pointer (reading a post loads none of it); the press is kept and answered once loaded.
 */
export const ShareIsland = island('share', ShareButton, { load: 'interaction' });
