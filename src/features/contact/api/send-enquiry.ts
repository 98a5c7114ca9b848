import type { ContactRequest, ContactResponse } from '@site/contracts';
import { api } from '@/lib/api-client';

export function sendEnquiry(body: ContactRequest) {
  return api.post<ContactResponse>('/contact/', body);
}
