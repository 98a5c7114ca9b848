import { Link } from 'gatsby-link';
import type { GiveawayRules } from '@site/contracts';
import React, { useEffect } from 'react';
import styled from 'styled-components';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useGiveawayRules } from '../api/get-rules';
import { setPageTitle } from '../document-title';
import { serverSentence } from '../error-message';
import { formatLocalDate } from '@/lib/dates';
import { DetailCard } from './detail-card';
import { MessagePage } from './message-panel';
import { Subpage } from './subpage';

const Section = styled.section`
  h2 {
    margin-bottom: ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }

  p {
    margin: 0;
    white-space: pre-line;
    overflow-wrap: anywhere;
  }
`;

const Versions = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[4]};
  margin: ${({ theme }) => theme.space[2]} 0 0;
  padding: 0;
  list-style: none;
`;

/** The version asked for in `?version=N`, or null for the current one. */
export function versionFrom(search: string): number | null {
  const raw = new URLSearchParams(search).get('version');
  return raw && /^[1-9]\d{0,6}$/.test(raw) ? Number(raw) : null;
}

/** /giveaway/{id}/rules: the official rules, any version, and what changed when. */
export function RulesPage({ id, search }: { id: string; search: string }) {
  const version = versionFrom(search);
  const { data, loading, error } = useGiveawayRules(id, version);
  const rules = data?.rules ?? null;

  useEffect(() => {
    setPageTitle(rules ? `Official Rules - ${rules.title}` : 'Official Rules');
  }, [rules]);

  if (loading && !rules) return <Spinner label="Loading the rules..." />;
  if (error || !rules) {
    return (
      <MessagePage
        title="Rules Not Found"
        text={serverSentence(error, "The rules you're looking for don't exist.")}
        action={<ButtonLink to={`/giveaway/${id}`}>Back to the Giveaway</ButtonLink>}
      />
    );
  }

  return <RulesView id={id} rules={rules} />;
}

/** The rules of giveaway `id` in one version (`rules`, the public GET /giveaway/{id}/rules answer). */
export function RulesView({ id, rules }: { id: string; rules: GiveawayRules }) {
  const current = rules.version === rules.current_version;
  return (
    <Subpage giveawayId={id} title="Official Rules" lead={rules.title}>
      <DetailCard aria-label="Rules version">
        <p>
          <strong>
            Version {rules.version} of {rules.current_version}
          </strong>
          , published on {formatLocalDate(rules.created_at)}.
        </p>
        {!current ? (
          <Alert variant="warning" title="This is not the current version">
            These are the rules as they were in version {rules.version}.{' '}
            <Link to={`/giveaway/${id}/rules`}>
              Read the current rules (version {rules.current_version})
            </Link>
            .
          </Alert>
        ) : null}
        {rules.current_version > 1 ? (
          <>
            <p>
              These rules were changed after entries had been made. Every entry records the version
              its entrant accepted, and every version stays readable here:
            </p>
            <Versions aria-label="Rules versions">
              {rules.versions.map((v) => (
                <li key={v.version}>
                  {v.version === rules.version ? (
                    <strong aria-current="page">
                      Version {v.version} ({formatLocalDate(v.created_at)})
                    </strong>
                  ) : (
                    <Link to={`/giveaway/${id}/rules?version=${v.version}`}>
                      Version {v.version} ({formatLocalDate(v.created_at)})
                    </Link>
                  )}
                </li>
              ))}
            </Versions>
          </>
        ) : null}
      </DetailCard>
      {rules.sections.map((section, index) => (
        <Section key={section.heading} aria-labelledby={`rules-section-${index}`}>
          <h2 id={`rules-section-${index}`}>{section.heading}</h2>
          <p>{section.text}</p>
        </Section>
      ))}
    </Subpage>
  );
}
