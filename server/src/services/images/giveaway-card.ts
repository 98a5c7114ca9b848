import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Giveaway, SocialCard } from '@site/contracts';
import { formatDate } from '../../lib/dates';
import { MEDIA_PATH, MEDIA_DIR } from './service';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  drawSocialCard,
  socialCardAlt,
  socialCardKey,
  type DrawOptions,
} from '@site/pipeline/image-service';

/** The card's file in its folder under media/: one width, JPEG. */
const CARD_FILE = `${CARD_WIDTH}.jpg`;
/** A stored picture's file, as its address names it. */
const STORED_FILE = /^\/media\/([0-9a-f]{32})\/([1-9][0-9]{0,4}\.jpg)$/;

/** What a giveaway's card shows: the prize picture, its title and when entries close. */
export function giveawayCardContent(g: Pick<Giveaway, 'title' | 'end_date' | 'prize_picture'>) {
  return {
    title: g.title,
    label: 'Giveaway',
    detail: g.end_date ? `Ends ${formatDate(g.end_date)}` : null,
    // The stored picture's address holds the hash of its bytes: a new picture, a new card.
    pictureId: g.prize_picture?.src ?? null,
  };
}

/**
 * Giveaways' social cards, stored like the image service's pictures: DATA_DIR/media/<key>/1200.jpg,
 * served at /media/<key>/1200.jpg (immutable), the key a hash of what the card shows. A card is
 * drawn when its giveaway is saved (`draw`) and, for a giveaway saved before cards were drawn, the
 * first time its page is asked for (`cardFor` draws what is missing); requests that arrive
 * together draw it once.
 */
export class GiveawayCards {
  private readonly drawing = new Map<string, Promise<void>>();

  constructor(
    private readonly dataDir: string,
    private readonly publicUrl: string,
    private readonly options: DrawOptions = {},
  ) {}

  private fileOf(key: string): string {
    return path.join(this.dataDir, MEDIA_DIR, key, CARD_FILE);
  }

  /** The card as the API names it, whether or not its file exists yet. */
  describe(
    g: Pick<Giveaway, 'title' | 'end_date' | 'prize_picture'>,
  ): SocialCard & { key: string } {
    const content = giveawayCardContent(g);
    const key = socialCardKey(content);
    const src = `${MEDIA_PATH}/${key}/${CARD_FILE}`;
    return {
      key,
      src,
      url: `${this.publicUrl.replace(/\/+$/, '')}${src}`,
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      alt: socialCardAlt(content),
    };
  }

  /** The prize picture's bytes (its largest stored JPEG), or null. */
  private async pictureBytes(g: Pick<Giveaway, 'prize_picture'>): Promise<Buffer | null> {
    const match = g.prize_picture ? STORED_FILE.exec(g.prize_picture.src) : null;
    if (!match) return null;
    try {
      return await fs.readFile(
        path.join(this.dataDir, MEDIA_DIR, match[1] as string, match[2] as string),
      );
    } catch {
      return null;
    }
  }

  /**
   * The giveaway's card, drawn first if it is not stored yet; null when it cannot be drawn (the
   * page then names none, and the next request tries again).
   */
  async cardFor(g: Giveaway): Promise<SocialCard | null> {
    const { key, ...card } = this.describe(g);
    const file = this.fileOf(key);
    try {
      await fs.access(file);
      return card;
    } catch {
      // Not drawn yet.
    }
    let pending = this.drawing.get(key);
    if (!pending) {
      pending = this.draw(g, key, file).finally(() => this.drawing.delete(key));
      this.drawing.set(key, pending);
    }
    try {
      await pending;
      return card;
    } catch {
      return null;
    }
  }

  private async draw(g: Giveaway, key: string, file: string): Promise<void> {
    const content = giveawayCardContent(g);
    const bytes = await drawSocialCard(
      { ...content, picture: await this.pictureBytes(g) },
      this.options,
    );
    // Written whole under another name and renamed, so the file under its key is always complete.
    await fs.mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    await fs.writeFile(partial, bytes);
    await fs.rename(partial, file);
  }

  /** The giveaway with its card (drawn when missing). */
  async withCard(g: Giveaway): Promise<Giveaway> {
    return { ...g, social_card: await this.cardFor(g) };
  }
}
