import type { PageQuery } from '@site/contracts';
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
