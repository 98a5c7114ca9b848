/** The gallery's vocabulary (project types, statuses, their labels), shared by build and browser. */

export const PROJECT_TYPES = ['html', 'react', 'other'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

export const PROJECT_STATUSES = ['live', 'development', 'planned'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const TYPE_LABELS: Record<ProjectType, string> = {
  html: 'HTML/JS',
  react: 'React',
  other: 'Other',
};

export const STATUS_LABELS: Record<ProjectStatus, string> = {
  live: 'Live',
  development: 'In Development',
  planned: 'Planned',
};

export function isProjectType(value: unknown): value is ProjectType {
  return typeof value === 'string' && (PROJECT_TYPES as readonly string[]).includes(value);
}

export function isProjectStatus(value: unknown): value is ProjectStatus {
  return typeof value === 'string' && (PROJECT_STATUSES as readonly string[]).includes(value);
}
