import { ApolloError } from '@apollo/client';
import { ApiError } from '@/lib/api-client';

/**
 * The server's own sentence for a failed call (its `detail`), or `fallback` when there is none:
 * a refusal such as "The Instagram handle @ann has already entered this giveaway." is worth showing,
 * "HTTP error! status: 502" or a network failure is not.
 */
export function serverSentence(error: unknown, fallback: string): string {
  const cause = error instanceof ApolloError ? error.networkError : error;
  return cause instanceof ApiError && cause.detail ? cause.detail : fallback;
}
