import type {
  Draft,
  DraftDeletionListResponse,
  DraftListResponse,
  DraftPreview,
  DraftScheduleAnswer,
  DraftWrite,
  FieldError,
  MessageResponse,
  PostUpload,
  PublishJob,
  PublishJobListResponse,
  PublishedPostListResponse,
  ScheduledDraftListResponse,
} from '@site/contracts';
import { api, ApiError } from '@/lib/api-client';

/** The drafts API (admin and editor). One function per call, each a thin wrapper on the client. */
export const draftsApi = {
  list: (page = 1) => api.get<DraftListResponse>(`/drafts?page=${page}&per_page=50`),
  get: (id: number) => api.get<Draft>(`/drafts/${id}`),
  create: (draft: DraftWrite) => api.post<Draft>('/drafts', draft),
  save: (id: number, draft: DraftWrite) => api.put<Draft>(`/drafts/${id}`, draft),
  remove: (id: number) => api.delete<MessageResponse>(`/drafts/${id}`),
  /** The latest deleted drafts: whose each was, who deleted it and when. */
  deletions: () => api.get<DraftDeletionListResponse>('/drafts/deletions'),
  publish: (id: number) => api.post<PublishJob>(`/drafts/${id}/publish`),
  jobs: () => api.get<PublishJobListResponse>('/publish-jobs'),
  /** The live posts, newest first. */
  posts: () => api.get<PublishedPostListResponse>('/posts'),
  /** Opens a published post as a draft that replaces it (or the draft already open for it). */
  editPost: (slug: string) => api.post<Draft>(`/posts/${encodeURIComponent(slug)}/edit`),
  unpublish: (slug: string) => api.post<PublishJob>(`/posts/${encodeURIComponent(slug)}/unpublish`),
  /** When the draft publishes itself, with the site's time zone. */
  schedule: (id: number) => api.get<DraftScheduleAnswer>(`/drafts/${id}/schedule`),
  /** `publishAt`: "YYYY-MM-DDTHH:MM" on the site's clock. */
  setSchedule: (id: number, publishAt: string) =>
    api.put<DraftScheduleAnswer>(`/drafts/${id}/schedule`, { publish_at: publishAt }),
  cancelSchedule: (id: number) => api.delete<MessageResponse>(`/drafts/${id}/schedule`),
  scheduled: () => api.get<ScheduledDraftListResponse>('/drafts/scheduled'),
  preview: (body: string, signal?: AbortSignal, cover?: string) =>
    api.post<DraftPreview>('/drafts/preview', cover ? { body, cover } : { body }, { signal }),
  /** One picture for the draft (multipart, field "file"); answers how the body names it. */
  uploadImage: (id: number, form: FormData) => api.post<PostUpload>(`/drafts/${id}/images`, form),
};

/** The per-field errors of a refused save (400/409), keyed by field. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return {};
  const { errors } = error.body as { errors?: FieldError[] };
  const out: Record<string, string> = {};
  for (const item of errors ?? []) out[item.field] ??= item.message;
  return out;
}
