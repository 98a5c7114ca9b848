import { graphql, type HeadFC, type PageProps } from 'gatsby';
import React from 'react';
import { ClockIcon } from '@/components/icons';
import { contentIcon } from '@/components/marketing/content-icon';
import { PageHero } from '@/components/marketing/page-hero';
import {
  ApproachGrid,
  Eyebrow,
  Facts,
  IconBox,
  Mission,
  MissionTitle,
  Prose,
  Response,
  Steps,
  StoryGrid,
  ValueGrid,
} from '@/components/marketing/pages/about.styles';
import { Seo } from '@/components/seo';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Section } from '@/components/ui/section';
import { useSiteContent } from '@/components/use-site-content';

export default function AboutPage({ data }: PageProps<Queries.AboutPageQuery>) {
  const { fill } = useSiteContent();
  const { values, process, approach } = data.aboutYaml ?? { values: [], process: [], approach: [] };
  return (
    <>
      <PageHero
        eyebrow="About AgentWorks"
        title="A small team building AI agents that do real work"
        lead={fill(
          'Founded in {foundedYear} by engineers who had spent years automating business operations, AgentWorks exists to make AI agents dependable enough to trust with the work that matters.',
        )}
      />

      <Section>
        <StoryGrid>
          <Prose>
            <Eyebrow>Our story</Eyebrow>
            <h2>From impressive demos to dependable agents</h2>
            <p>
              By 2025, every business had seen an AI demo. Far fewer had an agent quietly doing
              useful work on a Tuesday afternoon. The gap was not the models: it was everything
              around them. Messy data, systems without clean APIs, approvals nobody had written
              down, and the security questions that stall projects in review.
            </p>
            <p>
              {fill(
                'We founded AgentWorks in {foundedYear} to close that gap. We start from the workflow, not the technology, and we stay until the agent is running in your environment with the monitoring and controls your team needs to rely on it.',
              )}
            </p>
          </Prose>
          <Facts as="aside" aria-label="Company facts">
            <dl>
              <div>
                <dt>Founded</dt>
                <dd>{fill('{foundedYear}')}</dd>
              </div>
              <div>
                <dt>Focus</dt>
                <dd>Custom AI agents for business</dd>
              </div>
              <div>
                <dt>Enquiry response</dt>
                <dd>{fill('Within {replyTime} on business days')}</dd>
              </div>
              <div>
                <dt>Pricing</dt>
                <dd>{fill('Fixed-price plans from {starter.price}')}</dd>
              </div>
            </dl>
          </Facts>
        </StoryGrid>
      </Section>

      <Section tone="dark" aria-labelledby="mission-title">
        <MissionTitle id="mission-title">Our mission</MissionTitle>
        <Mission>
          <p>
            To give every growing business access to AI agents that are as reliable, secure and
            accountable as the best people on their team.
          </p>
        </Mission>
      </Section>

      <Section eyebrow="What we stand for" title="Our values">
        <ValueGrid $md={3}>
          {values.map((value) => {
            const Icon = contentIcon(value.icon);
            return (
              <li key={value.title}>
                <Card>
                  <IconBox>
                    <Icon size={24} />
                  </IconBox>
                  <h3>{value.title}</h3>
                  <p>{fill(value.text)}</p>
                </Card>
              </li>
            );
          })}
        </ValueGrid>
      </Section>

      <Section
        tone="muted"
        eyebrow="How we work"
        title="Our development process"
        lead="Four stages, each ending with something you can review, so there are no surprises at launch."
      >
        <Steps>
          {process.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{fill(step.text)}</p>
            </li>
          ))}
        </Steps>
      </Section>

      <Section eyebrow="Our approach" title="Practical, transparent, secure by default">
        <ApproachGrid>
          {approach.map((item) => (
            <Card key={item.title}>
              <h3>{item.title}</h3>
              <p>{fill(item.text)}</p>
            </Card>
          ))}
        </ApproachGrid>
      </Section>

      <Section tone="muted" compact aria-label="Contact us">
        <Response>
          <ClockIcon size={40} />
          <p>
            {fill(
              'Have a workflow in mind? Enquiries are answered within {replyTime} on business days.',
            )}
          </p>
          <ButtonLink to="/contact" size="lg">
            Start a conversation
          </ButtonLink>
        </Response>
      </Section>
    </>
  );
}

export const Head: HeadFC = ({ location }) => {
  const { fill } = useSiteContent();
  return (
    <Seo
      title="About"
      description={fill(
        'AgentWorks was founded in {foundedYear} to build dependable custom AI agents for businesses. Our story, mission, values, process and approach.',
      )}
      pathname={location.pathname}
    />
  );
};

export const query = graphql`
  query AboutPage {
    aboutYaml {
      values {
        title
        text
        icon
      }
      process {
        title
        text
      }
      approach {
        title
        text
      }
    }
  }
`;
