import type {
  MessageResponse,
  NewsletterIssue,
  NewsletterIssueListResponse,
  NewsletterIssuePreview,
} from '@site/contracts';
import { api } from '@/lib/api-client';

const BASE = '/newsletter/issues';

export function fetchIssues() {
  return api.get<NewsletterIssueListResponse>(`${BASE}/`);
}

export function fetchIssue(id: number) {
  return api.get<NewsletterIssue>(`${BASE}/${id}`);
}

export function fetchIssuePreview(slug: string) {
  return api.get<NewsletterIssuePreview>(`${BASE}/preview/${encodeURIComponent(slug)}`);
}

/** `to` only when the account has no address of its own. */
export function sendTestIssue(slug: string, to?: string) {
  return api.post<MessageResponse>(`${BASE}/test`, to ? { slug, to } : { slug });
}

export function createIssue(slug: string) {
  return api.post<NewsletterIssue>(`${BASE}/`, { slug });
}

export function cancelIssue(id: number) {
  return api.post<NewsletterIssue>(`${BASE}/${id}/cancel`);
}
