import { graphql, navigate, type HeadFC, type PageProps } from 'gatsby';
import React, { useCallback, useMemo } from 'react';
import styled from 'styled-components';
import { Seo } from '@/components/seo';
import { Container } from '@/components/ui/container';
import { ProjectsClosingBanner } from '@/features/projects/components/projects-closing-banner';
import { ProjectsGallery } from '@/features/projects/components/projects-gallery';
import { ProjectsHero } from '@/features/projects/components/projects-hero';
import { filtersToSearch, type ProjectFilterState } from '@/features/projects/filters';
import { toProjects } from '@/features/projects/to-projects';

const GallerySection = styled.section`
  padding-block: ${({ theme }) => theme.space[12]} ${({ theme }) => theme.space[16]};
`;

const VisuallyHidden = styled.h2`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

export default function ProjectsPage({ data, location }: PageProps<Queries.ProjectsPageQuery>) {
  const projects = useMemo(() => toProjects(data.allProjectsYaml.nodes), [data]);
  const onFiltersChange = useCallback(
    (next: ProjectFilterState) => {
      // A new history entry per change so back/forward step through filter states; the page
      // passes state so the layout can keep the scroll position instead of jumping to the top.
      void navigate(`${location.pathname}${filtersToSearch(next)}`, {
        state: { preserveScroll: true },
      });
    },
    [location.pathname],
  );

  return (
    <>
      <ProjectsHero />
      <GallerySection id="projects-gallery" aria-labelledby="projects-gallery-title">
        <Container>
          <VisuallyHidden id="projects-gallery-title">Project gallery</VisuallyHidden>
          <ProjectsGallery
            projects={projects}
            search={location.search}
            onFiltersChange={onFiltersChange}
          />
        </Container>
      </GallerySection>
      <ProjectsClosingBanner />
    </>
  );
}

export const Head: HeadFC = ({ location }) => (
  <Seo
    title="Vibe Projects"
    description="Small web tools and AI experiments from AgentWorks, including a camera-based drowsiness and yawn alert that runs entirely in your browser."
    pathname={location.pathname}
  />
);

export const query = graphql`
  query ProjectsPage {
    allProjectsYaml {
      nodes {
        yamlId
        title
        description
        type
        url
        technologies
        status
        category
        githubUrl
        fields {
          cardImage
        }
      }
    }
  }
`;
