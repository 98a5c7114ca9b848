import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** `?page=&per_page=` for admin lists; pages start at 1. */
export const PageQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type PageQuery = Static<typeof PageQuerySchema>;

/** A whole list (short enough to need no pages), as `{ items }`. */
export const ItemList = <T extends TSchema>(item: T) => Type.Object({ items: Type.Array(item) });

/** One page of a list, newest first, with the total so a client can draw pagination. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    page: Type.Integer({ minimum: 1 }),
    per_page: Type.Integer({ minimum: 1 }),
    total: Type.Integer({ minimum: 0 }),
  });
export interface PageOf<T> {
  items: T[];
  page: number;
  per_page: number;
  total: number;
}
