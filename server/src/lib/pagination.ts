import type { SelectQueryBuilder } from 'kysely';
import type { PageOf, PageQuery } from '@site/contracts';
import { badRequest } from './http-error';

/**
 * Page and page size from a validated PageQuery. The schema bounds them, but a query string like
 * `page=999…9` is coerced to Infinity, which Ajv's numeric checks let through; refuse it here
 * rather than hand it to SQL.
 */
export function pageParams(query: PageQuery): { page: number; perPage: number } {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 20;
  if (!Number.isSafeInteger(page) || !Number.isSafeInteger(perPage)) {
    throw badRequest(
      'Please check the querystring: page and per_page must be whole numbers (per_page at most 100).',
    );
  }
  return { page, perPage };
}

/**
 * One page of an admin list and the total it is a page of. `from` is the table with any filter,
 * before columns are chosen; `rows` picks the columns and the order (newest first, then id, so
 * pages never overlap). Both queries run at once.
 */
export async function paginate<DB, TB extends keyof DB, O, Row, Item>(
  from: SelectQueryBuilder<DB, TB, O>,
  rows: (from: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, Row>,
  { page, perPage }: { page: number; perPage: number },
  toItem: (row: Row) => Item | Promise<Item>,
): Promise<PageOf<Item>> {
  const [found, count] = await Promise.all([
    rows(from)
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    from
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .$castTo<{ n: string | number }>()
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: await Promise.all(found.map((row) => toItem(row))),
    page,
    per_page: perPage,
    total: Number(count.n),
  };
}
