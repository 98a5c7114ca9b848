import { screen, within } from '@testing-library/react';
import { useStaticQuery } from 'gatsby';
import React from 'react';
import { renderWithProviders } from '@/testing/render-with-providers';
import { siteContentQueryData } from '@/testing/site-content';
import { Footer } from '../footer';

beforeEach(() => {
  jest.mocked(useStaticQuery).mockReturnValue({
    ...siteContentQueryData(),
    site: {
      siteMetadata: {
        title: 'AgentWorks',
        description: 'Custom AI agents',
        siteUrl: 'https://agentworks.example',
      },
    },
  });
});

describe('Footer', () => {
  it('lists the quick links', () => {
    renderWithProviders(<Footer />);
    const quick = screen.getByRole('navigation', { name: 'Quick links' });
    expect(
      within(quick)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Services', '/services'],
      ['Pricing', '/pricing'],
      ['Giveaway', '/giveaway'],
      ['Blog', '/blog'],
      ['About', '/about'],
      ['Contact', '/contact'],
    ]);
  });

  it('lists the six services', () => {
    renderWithProviders(<Footer />);
    const services = screen.getByRole('region', { name: 'Services' });
    expect(
      within(services)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'AI Agent Development',
      'AI Consultation',
      'Integration Services',
      'Retrieval Augment Generation',
      'Graph RAG',
      'Agents Security',
    ]);
  });

  it('links the contact e-mail and phone from content/company.yaml', () => {
    renderWithProviders(<Footer />);
    expect(screen.getByRole('link', { name: 'hello@agentworks.example' })).toHaveAttribute(
      'href',
      'mailto:hello@agentworks.example',
    );
    expect(screen.getByRole('link', { name: '+1 555 010 2025' })).toHaveAttribute(
      'href',
      'tel:+15550102025',
    );
  });

  it('shows the copyright with the current year', () => {
    jest.useFakeTimers({ now: new Date('2031-03-04T10:00:00Z') });
    try {
      renderWithProviders(<Footer />);
      expect(screen.getByText('© 2031 AgentWorks. All rights reserved.')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
