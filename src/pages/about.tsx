import { type HeadFC } from 'gatsby';
import React from 'react';
import styled from 'styled-components';
import { ClockIcon, ShieldIcon, SparkIcon, TargetIcon } from '@/components/icons';
import { CardGrid } from '@/components/marketing/card-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { Seo } from '@/components/seo';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Section } from '@/components/ui/section';

const VALUES = [
  {
    title: 'Innovation',
    text: 'We track a fast-moving field so you do not have to, and adopt a new model or technique only when it makes your agent measurably better, cheaper or safer.',
    Icon: SparkIcon,
  },
  {
    title: 'Reliability',
    text: 'Agents that act on your business have to behave the same way on the thousandth run as on the first. We test, monitor and document accordingly.',
    Icon: ShieldIcon,
  },
  {
    title: 'Client Success',
    text: 'We measure ourselves by the hours your team gets back and the errors that stop happening, not by the size of the invoice.',
    Icon: TargetIcon,
  },
];

const PROCESS = [
  {
    title: 'Discover',
    text: 'Workshops with the people who own the workflow to map steps, data, exceptions and success metrics.',
  },
  {
    title: 'Design',
    text: 'A written plan covering models, tools, guardrails and human hand-offs, with a fixed quote and timeline.',
  },
  {
    title: 'Build and test',
    text: 'Short iterations against real examples from your business, with automated evaluations at every step.',
  },
  {
    title: 'Launch and improve',
    text: 'A monitored release, team training, and regular reviews of the agreed metrics once the agent is live.',
  },
];

const StoryGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[10]};

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: 1.3fr 1fr;
    gap: ${({ theme }) => theme.space[16]};
    align-items: start;
  }
`;

const Prose = styled.div`
  font-size: ${({ theme }) => theme.fontSizes.lg};

  h2 {
    font-size: ${({ theme }) => theme.fontSizes['3xl']};

    ${({ theme }) => theme.media.md} {
      font-size: ${({ theme }) => theme.fontSizes['4xl']};
    }
  }

  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Eyebrow = styled.p`
  && {
    margin-bottom: ${({ theme }) => theme.space[2]};
    color: ${({ theme }) => theme.colors.primary};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 700;
    letter-spacing: 0.08em;
    text-transform: uppercase;
  }
`;

const Facts = styled(Card)`
  gap: ${({ theme }) => theme.space[5]};
  background: ${({ theme }) => theme.colors.surface};

  dl {
    display: grid;
    gap: ${({ theme }) => theme.space[5]};
    margin: 0;
  }

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 600;
  }

  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: 700;
  }
`;

const MissionTitle = styled.h2`
  margin-bottom: ${({ theme }) => theme.space[4]};
  color: #c7d2fe;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  letter-spacing: 0.08em;
  text-align: center;
  text-transform: uppercase;
`;

const Mission = styled.blockquote`
  max-width: 860px;
  margin: 0 auto;
  text-align: center;

  p {
    color: #ffffff;
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    font-weight: 600;
    line-height: 1.4;

    ${({ theme }) => theme.media.md} {
      font-size: ${({ theme }) => theme.fontSizes['3xl']};
    }
  }
`;

const ValueGrid = styled(CardGrid)`
  h3 {
    margin-bottom: ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const IconBox = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 3rem;
  height: 3rem;
  margin-bottom: ${({ theme }) => theme.space[5]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.gradients.brand};
  color: #ffffff;
`;

const Steps = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space[6]};
  margin: 0;
  padding: 0;
  list-style: none;
  counter-reset: step;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }

  li {
    counter-increment: step;
    padding-top: ${({ theme }) => theme.space[5]};
    border-top: 3px solid ${({ theme }) => theme.colors.primary};
  }

  li::before {
    content: '0' counter(step);
    display: block;
    margin-bottom: ${({ theme }) => theme.space[2]};
    color: ${({ theme }) => theme.colors.primary};
    font-family: ${({ theme }) => theme.fonts.mono};
    font-weight: 700;
  }

  h3 {
    margin-bottom: ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const ApproachGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[6]};

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  h3 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Response = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]};
  text-align: center;

  svg {
    color: ${({ theme }) => theme.colors.primary};
  }

  p {
    max-width: 36rem;
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

export default function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow="About AgentWorks"
        title="A small team building AI agents that do real work"
        lead="Founded in 2025 by engineers who had spent years automating business operations, AgentWorks exists to make AI agents dependable enough to trust with the work that matters."
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
              We founded AgentWorks in 2025 to close that gap. We start from the workflow, not the
              technology, and we stay until the agent is running in your environment with the
              monitoring and controls your team needs to rely on it.
            </p>
          </Prose>
          <Facts as="aside" aria-label="Company facts">
            <dl>
              <div>
                <dt>Founded</dt>
                <dd>2025</dd>
              </div>
              <div>
                <dt>Focus</dt>
                <dd>Custom AI agents for business</dd>
              </div>
              <div>
                <dt>Enquiry response</dt>
                <dd>Within 24 hours on business days</dd>
              </div>
              <div>
                <dt>Pricing</dt>
                <dd>Fixed-price plans from $999</dd>
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
          {VALUES.map(({ title, text, Icon }) => (
            <li key={title}>
              <Card>
                <IconBox>
                  <Icon size={24} />
                </IconBox>
                <h3>{title}</h3>
                <p>{text}</p>
              </Card>
            </li>
          ))}
        </ValueGrid>
      </Section>

      <Section
        tone="muted"
        eyebrow="How we work"
        title="Our development process"
        lead="Four stages, each ending with something you can review, so there are no surprises at launch."
      >
        <Steps>
          {PROCESS.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </Steps>
      </Section>

      <Section eyebrow="Our approach" title="Practical, transparent, secure by default">
        <ApproachGrid>
          <Card>
            <h3>Start small, prove value</h3>
            <p>
              We begin with one workflow where success is easy to measure, then expand once the
              numbers back it up. No multi-year transformation programmes.
            </p>
          </Card>
          <Card>
            <h3>Humans stay in control</h3>
            <p>
              Agents ask for approval where the stakes are high, explain what they did, and hand
              over to a person with full context when they are unsure.
            </p>
          </Card>
          <Card>
            <h3>Security is part of the build</h3>
            <p>
              Least-privilege credentials, prompt-injection testing and audit logs come as standard,
              so your security review is a formality rather than a blocker.
            </p>
          </Card>
          <Card>
            <h3>You own what we build</h3>
            <p>
              Code, prompts, evaluations and documentation are handed over in full. You can run,
              change or extend the agent with or without us.
            </p>
          </Card>
        </ApproachGrid>
      </Section>

      <Section tone="muted" compact aria-label="Contact us">
        <Response>
          <ClockIcon size={40} />
          <p>Have a workflow in mind? Enquiries are answered within 24 hours on business days.</p>
          <ButtonLink to="/contact" size="lg">
            Start a conversation
          </ButtonLink>
        </Response>
      </Section>
    </>
  );
}

export const Head: HeadFC = ({ location }) => (
  <Seo
    title="About"
    description="AgentWorks was founded in 2025 to build dependable custom AI agents for businesses. Our story, mission, values, process and approach."
    pathname={location.pathname}
  />
);
