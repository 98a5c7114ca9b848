import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import React from 'react';
import { ThemeProvider } from 'styled-components';
import { theme } from '@/styles/theme';
import { ProjectsGallery } from '../components/projects-gallery';
import type { ProjectFilterState } from '../filters';
import { buildProject } from './project-builders';

const projects = [
  buildProject({
    id: 'drowsiness-alert',
    title: 'Drowsiness & Yawn Alert',
    category: 'Fun Tools',
    url: '/tools/drowsiness/',
    technologies: [
      'JavaScript',
      'face-api.js',
      'TensorFlow.js',
      'Web Audio API',
      'getUserMedia',
      'Canvas',
    ],
  }),
  buildProject({
    id: 'prompt-playground',
    title: 'Agent Prompt Playground',
    type: 'react',
    status: 'development',
    category: 'AI Agents',
    url: '/tools/roadmap/#prompt-playground',
    githubUrl: 'https://github.com/acme/prompt-playground',
  }),
  buildProject({
    id: 'docs-search',
    title: 'Docs Search',
    type: 'other',
    status: 'planned',
    category: 'AI Agents',
  }),
];

/** Renders the gallery the way the page does: the URL query string is the only filter state. */
function renderGallery(initialSearch = '') {
  const onFiltersChange = jest.fn<void, [ProjectFilterState]>();
  const view = render(
    <ThemeProvider theme={theme}>
      <ProjectsGallery
        projects={projects}
        search={initialSearch}
        onFiltersChange={onFiltersChange}
      />
    </ThemeProvider>,
  );
  const rerenderWith = (search: string) =>
    view.rerender(
      <ThemeProvider theme={theme}>
        <ProjectsGallery projects={projects} search={search} onFiltersChange={onFiltersChange} />
      </ThemeProvider>,
    );
  return { onFiltersChange, rerenderWith };
}

const cardTitles = () =>
  screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('ProjectsGallery', () => {
  it('renders every card with its badge, type, category, technologies and buttons', () => {
    renderGallery();
    expect(cardTitles()).toEqual([
      'Drowsiness & Yawn Alert',
      'Agent Prompt Playground',
      'Docs Search',
    ]);

    const live = screen.getByRole('article', { name: 'Drowsiness & Yawn Alert' });
    expect(within(live).getByText('Live')).toBeInTheDocument();
    expect(within(live).getByText('HTML/JS')).toBeInTheDocument();
    expect(within(live).getByText('Fun Tools')).toBeInTheDocument();
    const techs = within(within(live).getByRole('list', { name: 'Technologies' })).getAllByRole(
      'listitem',
    );
    expect(techs.map((item) => item.textContent)).toEqual([
      'JavaScript',
      'face-api.js',
      'TensorFlow.js',
      'Web Audio API',
      '+2 more',
    ]);
    const viewLive = within(live).getByRole('link', { name: /^View Live/ });
    expect(viewLive).toHaveAttribute('href', '/tools/drowsiness/');
    expect(viewLive).toHaveAttribute('target', '_blank');
    expect(viewLive).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(live).queryByRole('link', { name: /GitHub/ })).not.toBeInTheDocument();

    const dev = screen.getByRole('article', { name: 'Agent Prompt Playground' });
    expect(within(dev).getByText('In Development')).toBeInTheDocument();
    expect(within(dev).getByRole('link', { name: /^Preview/ })).toHaveAttribute(
      'href',
      '/tools/roadmap/#prompt-playground',
    );
    const github = within(dev).getByRole('link', { name: /^GitHub/ });
    expect(github).toHaveAttribute('href', 'https://github.com/acme/prompt-playground');
    expect(github).toHaveAttribute('target', '_blank');

    expect(
      within(screen.getByRole('article', { name: 'Docs Search' })).getByText('Planned'),
    ).toBeInTheDocument();
  });

  it('offers all plus each category, and all plus the three types', () => {
    renderGallery();
    const category = screen.getByRole('combobox', { name: 'Category' });
    expect(
      within(category)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All categories', 'AI Agents', 'Fun Tools']);
    const type = screen.getByRole('combobox', { name: 'Type' });
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All types', 'HTML/JS', 'React', 'Other']);
  });

  it('asks for a new URL when a filter changes and shows what the URL says', async () => {
    const user = userEvent.setup();
    const { onFiltersChange, rerenderWith } = renderGallery();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'AI Agents');
    expect(onFiltersChange).toHaveBeenLastCalledWith({ category: 'AI Agents', type: 'all' });

    rerenderWith('?category=AI+Agents');
    expect(cardTitles()).toEqual(['Agent Prompt Playground', 'Docs Search']);
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('AI Agents');
    expect(screen.getByRole('status')).toHaveTextContent('Showing 2 of 3 projects');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'react');
    expect(onFiltersChange).toHaveBeenLastCalledWith({ category: 'AI Agents', type: 'react' });
  });

  it('applies filters from the URL on arrival', () => {
    renderGallery('?type=other');
    expect(cardTitles()).toEqual(['Docs Search']);
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('other');
  });

  it('shows the empty state and clears both filters from it', async () => {
    const user = userEvent.setup();
    const { onFiltersChange } = renderGallery('?category=Fun+Tools&type=react');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'No projects found' })).toBeInTheDocument();
    expect(
      screen.getByText('Try adjusting your filters to see more projects.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(onFiltersChange).toHaveBeenLastCalledWith({ category: 'all', type: 'all' });
  });
});
