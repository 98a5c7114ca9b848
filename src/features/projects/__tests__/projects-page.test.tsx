import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PageProps } from 'gatsby';
import React from 'react';
import { ThemeProvider } from 'styled-components';
import ProjectsPage from '@/pages/projects';
import { theme } from '@/styles/theme';

type Props = PageProps<Queries.ProjectsPageQuery>;

const nodes = [
  {
    yamlId: 'drowsiness-alert',
    title: 'Drowsiness & Yawn Alert',
    description: 'Camera-based alarm.',
    type: 'html',
    url: '/tools/drowsiness/',
    technologies: ['JavaScript'],
    status: 'live',
    category: 'Fun Tools',
    githubUrl: null,
    image: null,
  },
  {
    yamlId: 'docs-search',
    title: 'Company Docs Search (RAG)',
    description: 'Cited answers.',
    type: 'other',
    url: '/tools/roadmap/#docs-search',
    technologies: ['Python'],
    status: 'planned',
    category: 'AI Agents',
    githubUrl: null,
    image: null,
  },
];

function renderPage(search = '') {
  window.history.replaceState(null, '', `/projects${search}`);
  // Only the props the page reads; the rest of PageProps is Gatsby's routing plumbing.
  const props = {
    data: { allProjectsYaml: { nodes } },
    location: { pathname: '/projects', search },
  } as unknown as Props;
  return render(
    <ThemeProvider theme={theme}>
      <ProjectsPage {...props} />
    </ThemeProvider>,
  );
}

describe('the /projects page', () => {
  it('shows the hero, the gallery and the closing banner with its two actions', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Vibe Projects' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Like What You See?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check Out More' })).toHaveAttribute(
      'type',
      'button',
    );
    expect(screen.getByRole('link', { name: 'Get In Touch' })).toHaveAttribute('href', '/contact');
  });

  it("applies the address's filters and turns a change into a new history entry", async () => {
    const user = userEvent.setup();
    renderPage('?type=other');
    expect(await screen.findByText('Showing 1 of 2 projects')).toBeInTheDocument();
    const before = window.history.length;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'AI Agents');
    expect(window.location.pathname + window.location.search).toBe(
      '/projects?category=AI+Agents&type=other',
    );
    expect(window.history.length).toBe(before + 1);
  });

  it('follows Back to the previous filters', async () => {
    const user = userEvent.setup();
    renderPage('?type=other');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Category' }),
      'Fun Tools',
    );
    expect(await screen.findByText('No projects found')).toBeInTheDocument();
    window.history.back();
    expect(await screen.findByText('Showing 1 of 2 projects')).toBeInTheDocument();
  });

  it('goes to the plain address when the filters are cleared', async () => {
    const user = userEvent.setup();
    renderPage('?category=Fun+Tools&type=other');
    await user.click(await screen.findByRole('button', { name: 'Clear Filters' }));
    expect(window.location.pathname + window.location.search).toBe('/projects');
    expect(await screen.findByText('Showing 2 of 2 projects')).toBeInTheDocument();
  });
});
