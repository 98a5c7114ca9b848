import type {
  ContactListResponse,
  NewsletterSubscriberListResponse,
  OutboxListResponse,
} from '@site/contracts';
import { api } from '@/lib/api-client';

export const PER_PAGE = 20;

const pageQuery = (page: number) => `?page=${page}&per_page=${PER_PAGE}`;

export function fetchEnquiries(page: number) {
  return api.get<ContactListResponse>(`/contact/${pageQuery(page)}`);
}

export function fetchSubscribers(page: number) {
  return api.get<NewsletterSubscriberListResponse>(`/newsletter/subscribers${pageQuery(page)}`);
}

export function fetchOutbox(page: number) {
  return api.get<OutboxListResponse>(`/outbox/${pageQuery(page)}`);
}

export function fetchSubscribersCsv() {
  return api.getBlob('/newsletter/subscribers.csv');
}
