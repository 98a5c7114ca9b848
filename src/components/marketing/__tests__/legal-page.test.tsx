import { screen } from '@testing-library/react';
import { useStaticQuery } from 'gatsby';
import React from 'react';
import { renderWithProviders } from '@/testing/render-with-providers';
import { staticQueryData } from '@/testing/site-content';
import { LegalPage, type LegalPageContent } from '../legal-page';

const page: LegalPageContent = {
  title: 'Imprint',
  description: 'Who runs the site.',
  updated: '2026-11-27',
  lead: 'The site is run by {legalName}, {address}.',
  sections: [{ heading: 'Contact', paragraphs: ['Write to {email}.'], items: null }],
};

function withSample(sample: readonly string[] | null) {
  const data = staticQueryData();
  jest.mocked(useStaticQuery).mockImplementation(() => ({
    ...data,
    companyYaml: { ...data.companyYaml, sample },
  }));
}

describe('LegalPage', () => {
  it('says which company facts are still the shipped examples', () => {
    withSample(['legalName', 'address', 'email', 'phone']);
    renderWithProviders(<LegalPage page={page} />);
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Example company details');
    expect(notice).toHaveTextContent(
      "The company's legal name, postal address, e-mail address and phone number on this page are examples shipped with the website. The site's owner has not filled in their own yet.",
    );
  });

  it('names a single example fact alone', () => {
    withSample(['phone']);
    renderWithProviders(<LegalPage page={page} />);
    expect(screen.getByRole('status')).toHaveTextContent("The company's phone number on this page");
  });

  it('shows no notice once the owner has written every fact', () => {
    withSample(null);
    renderWithProviders(<LegalPage page={page} />);
    expect(screen.queryByText('Example company details')).not.toBeInTheDocument();
    withSample([]);
    renderWithProviders(<LegalPage page={page} />);
    expect(screen.queryByText('Example company details')).not.toBeInTheDocument();
  });

  it('is shown in the shipped content, which still holds the examples', () => {
    jest.mocked(useStaticQuery).mockImplementation(() => staticQueryData());
    renderWithProviders(<LegalPage page={page} />);
    expect(screen.getByText('Example company details')).toBeInTheDocument();
  });
});
