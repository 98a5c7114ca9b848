import { island } from '@/lib/island';
import { ShareButton } from './share-button';

/** A post's Share button as an island: the click is kept and answered once it has loaded. */
export const ShareIsland = island('share', ShareButton);
