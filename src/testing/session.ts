import { http, HttpResponse } from 'msw';
import { API } from './api-server';

export type StaffRole = 'admin' | 'editor';

/**
 * Starts the next render signed in: the session provider reads the stored role at once and then
 * confirms it with GET /auth/me, which `meHandler` answers.
 */
export function signInAs(role: StaffRole = 'admin'): void {
  window.localStorage.setItem('userRole', role);
}

/** GET /auth/me answering for a signed-in member of staff. */
export function meHandler(role: StaffRole = 'admin', username: string = role) {
  return http.get(`${API}/auth/me`, () => HttpResponse.json({ username, role }));
}
