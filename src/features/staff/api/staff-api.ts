import type {
  AcceptInvitationResponse,
  InvitationInfo,
  LoginResponse,
  MeResponse,
  MessageResponse,
  Role,
  SessionListResponse,
  StaffInvitation,
  StaffListResponse,
} from '@site/contracts';
import { api } from '@/lib/api-client';

/** Who is looking, so the list can mark (and not offer to remove) their own account. */
export function fetchMe() {
  return api.get<MeResponse>('/auth/me');
}

export function fetchStaff() {
  return api.get<StaffListResponse>('/staff/users');
}

export function inviteStaff(email: string, role: Role) {
  return api.post<StaffInvitation>('/staff/invitations', { email, role });
}

export function withdrawInvitation(id: number) {
  return api.delete<MessageResponse>(`/staff/invitations/${id}`);
}

export function changeRole(username: string, role: Role) {
  return api.patch<MessageResponse>(`/staff/users/${encodeURIComponent(username)}`, { role });
}

export function removeStaff(username: string) {
  return api.delete<MessageResponse>(`/staff/users/${encodeURIComponent(username)}`);
}

/** The invitation link's token goes in the body, never in a URL the API logs. */
export function checkInvitation(token: string) {
  return api.post<InvitationInfo>('/staff/invitations/check', { token }, { authRedirect: false });
}

/** Creates the account; the answer's cookie signs the new member in. */
export function acceptInvitation(token: string, username: string, password: string) {
  return api.post<AcceptInvitationResponse>(
    '/staff/invitations/accept',
    { token, username, password },
    { authRedirect: false },
  );
}

/** Ends every other session; the answer's cookie starts a fresh one for this browser. */
export function changeOwnPassword(currentPassword: string, newPassword: string) {
  return api.post<LoginResponse>(
    '/auth/password',
    { current_password: currentPassword, new_password: newPassword },
    { authRedirect: false },
  );
}

/** The caller's live sessions, the one this browser uses marked `current`. */
export function fetchSessions() {
  return api.get<SessionListResponse>('/auth/sessions');
}
