import { graphql, type HeadFC, type PageProps } from 'gatsby';
import React from 'react';
import styled from 'styled-components';
import { Seo } from '@/components/seo';
import { Container } from '@/components/ui/container';
import { ProjectsClosingBanner } from '@/features/projects/components/projects-closing-banner';
import { ProjectsHero } from '@/features/projects/components/projects-hero';
import { ProjectsIsland } from '@/features/projects/components/projects-island';
import { toProjects } from '@/features/projects/to-projects';

const GallerySection = styled.section`
  padding-block: ${({ theme }) => theme.space[12]} ${({ theme }) => theme.space[16]};
`;

export default function ProjectsPage({ data }: PageProps<Queries.ProjectsPageQuery>) {
  const projects = toProjects(data.allProjectsYaml.nodes);

  return (
    <>
      <ProjectsHero />
      <GallerySection id="projects-gallery" aria-labelledby="projects-gallery-title">
        <Container>
          <h2 className="sr-only" id="projects-gallery-title">
            Project gallery
          </h2>
          <ProjectsIsland projects={projects} />
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
