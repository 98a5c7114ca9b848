import React from 'react';
import styled from 'styled-components';
import { SAMPLE_COMPANY_FACT_NAMES } from '@site/contracts/form-fields';
import { Alert } from '@/components/ui/alert';
import { Section } from '@/components/ui/section';
import { useSiteContent } from '@/components/use-site-content';
import { formatCalendarDate } from '@/lib/dates';
import { PageHero } from './page-hero';

/** One page of content/legal.yaml (privacy, terms, imprint), as the legal page template queries it. */
export type LegalPageContent = NonNullable<Queries.LegalPageTemplateQuery['legalPage']>;

const Prose = styled.div`
  max-width: 760px;
  margin-inline: auto;

  section + section {
    margin-top: ${({ theme }) => theme.space[10]};
  }

  h2 {
    margin: 0 0 ${({ theme }) => theme.space[3]};
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }

  p,
  li {
    color: ${({ theme }) => theme.colors.text};
    line-height: 1.65;
    overflow-wrap: anywhere;
  }

  p {
    margin: 0 0 ${({ theme }) => theme.space[3]};
  }

  ul {
    display: grid;
    gap: ${({ theme }) => theme.space[2]};
    margin: 0 0 ${({ theme }) => theme.space[3]};
    padding-left: 1.25rem;
  }
`;

const Updated = styled.p`
  && {
    margin-bottom: ${({ theme }) => theme.space[8]};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const SampleNotice = styled(Alert)`
  margin-bottom: ${({ theme }) => theme.space[8]};
`;

/** "a", "a and b", "a, b and c". */
function listed(words: readonly string[]): string {
  return words.length < 2
    ? words.join('')
    : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/**
 * A legal page: its text is content/legal.yaml, with the company's facts ({legalName},
 * {address}, {email} ...) filled in from content/company.yaml. Text only: nothing in it is markup.
 */
export function LegalPage({ page }: { page: LegalPageContent }) {
  const { fill, company } = useSiteContent();
  const sample = (company.sample ?? []).map(
    (fact) => (SAMPLE_COMPANY_FACT_NAMES as Record<string, string>)[fact] ?? fact,
  );
  return (
    <>
      <PageHero eyebrow="Legal" title={page.title} lead={fill(page.lead)} />
      <Section>
        <Prose>
          <Updated>
            Last updated <time dateTime={page.updated}>{formatCalendarDate(page.updated)}</time>
          </Updated>
          {sample.length > 0 ? (
            <SampleNotice variant="warning" title="Example company details">
              <p>
                The company&apos;s {listed(sample)} on this page are examples shipped with the
                website. The site&apos;s owner has not filled in their own yet.
              </p>
            </SampleNotice>
          ) : null}
          {page.sections.map((section) => (
            <section key={section.heading} aria-labelledby={headingId(section.heading)}>
              <h2 id={headingId(section.heading)}>{section.heading}</h2>
              {(section.paragraphs ?? []).map((paragraph) => (
                <p key={paragraph}>{fill(paragraph)}</p>
              ))}
              {section.items ? (
                <ul>
                  {section.items.map((item) => (
                    <li key={item}>{fill(item)}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
        </Prose>
      </Section>
    </>
  );
}

function headingId(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
