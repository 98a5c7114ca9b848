import React from 'react';
import styled from 'styled-components';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { ButtonAnchor } from '@/components/ui/button';
import { CardActions, CardDescription, CardHeading, ListCard } from '@/components/ui/card';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { primaryActionLabel, statusLabel, typeLabel, visibleTechnologies } from '../card-rules';
import type { ProjectStatus } from '../model';
import type { Project } from '../types';
import { wrappingList } from '@/styles/layout';

const STATUS_BADGE: Record<ProjectStatus, BadgeVariant> = {
  live: 'success',
  development: 'warning',
  planned: 'info',
};

/** Every card image is 16:10, the ratio the page query asks sharp for, so nothing shifts. */
const IMAGE_RATIO = '16 / 10';

const Media = styled.div`
  position: relative;
  aspect-ratio: ${IMAGE_RATIO};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const StatusBadge = styled(Badge)`
  position: absolute;
  top: ${({ theme }) => theme.space[3]};
  left: ${({ theme }) => theme.space[3]};
  z-index: 1;
  box-shadow: ${({ theme }) => theme.shadows.sm};
`;

const Meta = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;

  dd {
    margin: 0;
  }

  dd + dt + dd::before {
    content: '•';
    margin-right: ${({ theme }) => theme.space[2]};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const TechList = styled.ul`
  ${wrappingList(2)}
`;

const Tech = styled.li<{ $more?: boolean }>`
  padding: 0.125rem 0.625rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme, $more }) => ($more ? theme.colors.bg : theme.colors.surface)};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 600;
`;

const Actions = styled(CardActions)`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
`;

export interface ProjectCardProps {
  project: Project;
  /** Cards in the first row are above the fold on wide screens; the rest load lazily. */
  eager?: boolean;
}

export function ProjectCard({ project, eager = false }: ProjectCardProps) {
  const technologies = visibleTechnologies(project.technologies);
  const titleId = `project-${project.id}-title`;
  return (
    <ListCard
      fill
      labelledBy={titleId}
      bodyPadding={5}
      media={
        <Media>
          <StatusBadge $variant={STATUS_BADGE[project.status]}>
            {statusLabel(project.status)}
          </StatusBadge>
          {project.image ? (
            <ResponsiveImage
              image={project.image}
              alt={`Illustration of ${project.title}`}
              loading={eager ? 'eager' : 'lazy'}
            />
          ) : null}
        </Media>
      }
    >
      <Meta>
        <dt className="sr-only">Type</dt>
        <dd>{typeLabel(project.type)}</dd>
        <dt className="sr-only">Category</dt>
        <dd>{project.category}</dd>
      </Meta>
      <CardHeading id={titleId}>{project.title}</CardHeading>
      <CardDescription>{project.description}</CardDescription>
      <TechList aria-label="Technologies">
        {technologies.shown.map((technology) => (
          <Tech key={technology}>{technology}</Tech>
        ))}
        {technologies.hiddenCount > 0 ? <Tech $more>+{technologies.hiddenCount} more</Tech> : null}
      </TechList>
      <Actions>
        <ButtonAnchor href={project.url} target="_blank" rel="noopener noreferrer" size="sm">
          {primaryActionLabel(project.status)}
          <span className="sr-only"> {project.title} (opens in a new tab)</span>
        </ButtonAnchor>
        {project.githubUrl ? (
          <ButtonAnchor
            href={project.githubUrl}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            variant="secondary"
          >
            GitHub
            <span className="sr-only"> repository for {project.title} (opens in a new tab)</span>
          </ButtonAnchor>
        ) : null}
      </Actions>
    </ListCard>
  );
}
