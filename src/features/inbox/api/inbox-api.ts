import type {
  ContactListResponse,
  ContactReadResponse,
  ContactUnreadResponse,
  NewsletterSubscriberListResponse,
  OutboxListResponse,
  PersonalDataEraseResponse,
  PersonalDataExport,
} from '@site/contracts';
import { api } from '@/lib/api-client';

export const PER_PAGE = 20;

const pageQuery = (page: number) => `?page=${page}&per_page=${PER_PAGE}`;

export function fetchEnquiries(page: number) {
  return api.get<ContactListResponse>(`/contact/${pageQuery(page)}`);
}

/** How many enquiries no admin has marked read yet. */
export function fetchUnreadCount() {
  return api.get<ContactUnreadResponse>('/contact/unread');
}

export function markEnquiryRead(id: number, read: boolean) {
  return api.put<ContactReadResponse>(`/contact/${id}/read`, { read });
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

/** The address goes in the body, so it never appears in a URL or a request log. */
export function exportPersonalData(email: string) {
  return api.post<PersonalDataExport>('/personal-data/export', { email });
}

export function erasePersonalData(email: string) {
  return api.post<PersonalDataEraseResponse>('/personal-data/erase', { email });
}
