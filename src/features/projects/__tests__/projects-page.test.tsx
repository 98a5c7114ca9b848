import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigate, type PageProps } from 'gatsby';
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
  beforeEach(() => jest.mocked(navigate).mockClear());

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

  it('turns a filter change into a new history entry that keeps the scroll position', async () => {
    const user = userEvent.setup();
    renderPage('?type=other');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'AI Agents');
    expect(navigate).toHaveBeenLastCalledWith('/projects?category=AI+Agents&type=other', {
      state: { preserveScroll: true },
    });
  });

  it('navigates to the plain URL when the filters are cleared', async () => {
    const user = userEvent.setup();
    renderPage('?category=Fun+Tools&type=other');
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(navigate).toHaveBeenLastCalledWith('/projects', { state: { preserveScroll: true } });
  });
});
