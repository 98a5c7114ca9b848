import { badRequest } from '../../lib/http-error';
import { type ImageService, ImageRefused } from '../images/service';
import type { GiveawayInput } from './rules';

type Before = { prize_image: string | null; prize_image_id: number | null } | null;

/**
 * Settles a giveaway's prize picture before it is saved (outside any transaction, since it may
 * fetch): a picture stored beforehand (an id the giveaway does not have yet: an upload, or an
 * address the form had fetched through POST /images) wins, with the address kept as given; a new address is fetched once and stored, and one that cannot be fetched or read is
 * refused with the reason (400); the address the giveaway already has keeps its picture, and if
 * it never had one (saved before pictures were stored) a failed fetch leaves it as it was.
 */
export async function settlePrizePicture(
  images: ImageService,
  input: GiveawayInput,
  before: Before,
): Promise<GiveawayInput> {
  const url = input.prize_image;
  const id = input.prize_image_id;
  if (id !== null && id !== before?.prize_image_id) {
    if (!(await images.get(id))) {
      throw badRequest('The uploaded prize picture was not found; please upload it again.');
    }
    return input;
  }
  if (url) {
    const same = before !== null && url === before.prize_image;
    if (same && before.prize_image_id !== null) {
      return { ...input, prize_image_id: before.prize_image_id };
    }
    try {
      const stored = await images.storeFromUrl(url);
      return { ...input, prize_image_id: stored.id };
    } catch (error) {
      if (!(error instanceof ImageRefused)) throw error;
      if (same) return { ...input, prize_image_id: null };
      throw badRequest(error.message);
    }
  }
  if (id !== null) return { ...input, prize_image: null };
  return { ...input, prize_image: null, prize_image_id: null };
}
