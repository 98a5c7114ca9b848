import { STATUS_LABELS, TYPE_LABELS, type ProjectStatus, type ProjectType } from './model';

/** A project card lists at most four technologies, then '+N more'. */
export const MAX_VISIBLE_TECHNOLOGIES = 4;

export function visibleTechnologies(
  technologies: readonly string[],
  max: number = MAX_VISIBLE_TECHNOLOGIES,
): { shown: string[]; hiddenCount: number } {
  return { shown: technologies.slice(0, max), hiddenCount: Math.max(0, technologies.length - max) };
}

export function primaryActionLabel(status: ProjectStatus): 'View Live' | 'Preview' {
  return status === 'live' ? 'View Live' : 'Preview';
}

export function statusLabel(status: ProjectStatus): string {
  return STATUS_LABELS[status];
}

export function typeLabel(type: ProjectType): string {
  return TYPE_LABELS[type];
}
