/** The gallery's vocabulary (project types, statuses, their labels), shared by build and browser. */

import {
  PROJECT_STATUSES,
  PROJECT_TYPES,
  type ProjectStatus,
  type ProjectType,
} from '@site/contracts/form-fields';

export { PROJECT_STATUSES, PROJECT_TYPES, type ProjectStatus, type ProjectType };

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
