import { type HeadFC } from 'gatsby';
import React from 'react';
import styled from 'styled-components';
import {
  AgentIcon,
  ArrowRightIcon,
  CheckIcon,
  ConsultationIcon,
  IntegrationIcon,
  ProtocolIcon,
  VoiceIcon,
  type IconProps,
} from '@/components/icons';
import { CheckList } from '@/components/marketing/check-list';
import { LightButtonLink, OutlineButtonLink, PageHero } from '@/components/marketing/page-hero';
import { Seo } from '@/components/seo';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';

const Jump = styled.nav`
  position: relative;
  z-index: 1;
  margin-top: -2rem;

  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space[2]};
    margin: 0;
    padding: ${({ theme }) => theme.space[4]};
    list-style: none;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.lg};
    background: ${({ theme }) => theme.colors.bg};
    box-shadow: ${({ theme }) => theme.shadows.md};
  }

  /* On phones the pills scroll sideways in one row instead of stacking five rows deep. */
  ${({ theme }) => theme.media.belowLg} {
    ul {
      flex-wrap: nowrap;
      overflow-x: auto;
      scrollbar-width: thin;
    }

    li {
      flex-shrink: 0;
    }
  }

  a {
    display: inline-block;
    padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 600;
    text-decoration: none;
  }

  a:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const ServiceBlock = styled.section<{ $muted: boolean }>`
  padding-block: ${({ theme }) => theme.space[16]};
  background: ${({ theme, $muted }) => ($muted ? theme.colors.surface : 'transparent')};

  ${({ theme }) => theme.media.md} {
    padding-block: ${({ theme }) => theme.space[20]};
  }
`;

const BlockGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[10]};

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: 1fr 1.1fr;
    gap: ${({ theme }) => theme.space[16]};
    align-items: start;
  }
`;

const IconBox = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 3.25rem;
  height: 3.25rem;
  margin-bottom: ${({ theme }) => theme.space[5]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.gradients.brand};
  color: #ffffff;
  box-shadow: 0 8px 20px rgba(67, 56, 202, 0.25);
`;

const BlockTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes['3xl']};

  ${({ theme }) => theme.media.md} {
    font-size: ${({ theme }) => theme.fontSizes['4xl']};
  }
`;

const Intro = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Checks = styled(CheckList)`
  margin: ${({ theme }) => theme.space[6]} 0 0;
`;

const Process = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;
  counter-reset: step;
`;

const ProcessStep = styled.li`
  position: relative;
  padding: ${({ theme }) => theme.space[5]} ${({ theme }) => theme.space[5]}
    ${({ theme }) => theme.space[5]} 4.5rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.bg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  counter-increment: step;

  &::before {
    content: counter(step);
    position: absolute;
    top: ${({ theme }) => theme.space[5]};
    left: ${({ theme }) => theme.space[5]};
    display: flex;
    align-items: center;
    justify-content: center;
    width: 2.25rem;
    height: 2.25rem;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.primary};
    color: #ffffff;
    font-weight: 800;
  }

  h3 {
    margin-bottom: ${({ theme }) => theme.space[1]};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const PlatformGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;

  ${({ theme }) => theme.media.sm} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Platform = styled.li`
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.bg};
  box-shadow: ${({ theme }) => theme.shadows.sm};

  strong {
    display: block;
    margin-bottom: ${({ theme }) => theme.space[1]};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const SideCard = styled(Card)`
  gap: ${({ theme }) => theme.space[4]};

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }

  dl {
    display: grid;
    gap: ${({ theme }) => theme.space[4]};
    margin: 0;
  }

  dt {
    font-weight: 700;
  }

  dd {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Closing = styled.section`
  padding-block: ${({ theme }) => theme.space[16]};
  background: ${({ theme }) => theme.gradients.hero};
  color: ${({ theme }) => theme.colors.darkText};
  text-align: center;

  h2 {
    color: #ffffff;
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
  }

  p {
    max-width: 40rem;
    margin: 0 auto ${({ theme }) => theme.space[8]};
    color: ${({ theme }) => theme.colors.darkMuted};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
`;

interface BlockProps {
  id: string;
  title: string;
  Icon: React.ComponentType<IconProps>;
  intro: string;
  points?: readonly string[];
  aside: React.ReactNode;
  muted?: boolean;
}

function ServiceSection({ id, title, Icon, intro, points, aside, muted = false }: BlockProps) {
  return (
    <ServiceBlock id={id} $muted={muted} aria-labelledby={`${id}-title`}>
      <Container>
        <BlockGrid>
          <div>
            <IconBox>
              <Icon size={26} />
            </IconBox>
            <BlockTitle id={`${id}-title`}>{title}</BlockTitle>
            <Intro>{intro}</Intro>
            {points ? (
              <Checks>
                {points.map((point) => (
                  <li key={point}>
                    <CheckIcon size={18} />
                    <span>{point}</span>
                  </li>
                ))}
              </Checks>
            ) : null}
          </div>
          <div>{aside}</div>
        </BlockGrid>
      </Container>
    </ServiceBlock>
  );
}

const PROCESS = [
  {
    title: 'Requirements',
    text: 'We sit with the people who do the work today, map the workflow and its exceptions, and agree the metrics that define success.',
  },
  {
    title: 'Design',
    text: 'We choose models, tools and guardrails, design how the agent hands off to humans, and share a written plan with a fixed quote.',
  },
  {
    title: 'Development and testing',
    text: 'We build in short iterations against real examples from your business, with evaluation suites that catch regressions before you do.',
  },
  {
    title: 'Deployment',
    text: 'We release to your cloud or ours behind monitoring and audit logs, train your team, and stay on hand while usage ramps up.',
  },
];

const PLATFORMS = [
  { name: 'Salesforce', use: 'Lead triage, case summaries' },
  { name: 'SAP', use: 'Orders, invoices, inventory' },
  { name: 'Microsoft', use: 'Teams, Outlook, SharePoint' },
  { name: 'Slack', use: 'Agents in your channels' },
  { name: 'Hubspot', use: 'Contacts, deals, follow-ups' },
  { name: 'Zapier', use: 'Thousands of long-tail apps' },
];

const JUMP_LINKS = [
  { id: 'agent-development', label: 'AI Agent Development' },
  { id: 'consultation', label: 'AI Consultation' },
  { id: 'model-context-protocol', label: 'Model Context Protocol' },
  { id: 'integration', label: 'Integration Services' },
  { id: 'voice', label: 'Voice AI Agents' },
];

export default function ServicesPage() {
  return (
    <>
      <PageHero
        eyebrow="Services"
        title="Everything it takes to put AI agents into production"
        lead="Strategy, engineering, integration and security from one accountable team. Start with a conversation or go straight to a build."
        actions={
          <>
            <LightButtonLink to="/contact" size="lg">
              Discuss your project
            </LightButtonLink>
            <OutlineButtonLink to="/pricing" size="lg">
              See pricing
            </OutlineButtonLink>
          </>
        }
      />

      <Container>
        <Jump aria-label="Services on this page">
          <ul>
            {JUMP_LINKS.map((link) => (
              <li key={link.id}>
                <a href={`#${link.id}`}>{link.label}</a>
              </li>
            ))}
          </ul>
        </Jump>
      </Container>

      <ServiceSection
        id="agent-development"
        title="AI Agent Development"
        Icon={AgentIcon}
        intro="Custom agents that reason over your data, call your tools and complete multi-step tasks end to end: qualifying inbound leads, reconciling invoices, drafting support replies for review, or keeping records in sync across systems."
        points={[
          'Built on the model that fits the job and your budget, not a single vendor',
          'Human approval steps wherever a mistake would be costly',
          'Evaluation suites and monitoring so quality is measured, not assumed',
        ]}
        aside={
          <>
            <Process aria-label="Our four-step development process">
              {PROCESS.map((step) => (
                <ProcessStep key={step.title}>
                  <h3>{step.title}</h3>
                  <p>{step.text}</p>
                </ProcessStep>
              ))}
            </Process>
          </>
        }
      />

      <ServiceSection
        muted
        id="consultation"
        title="AI Consultation"
        Icon={ConsultationIcon}
        intro="Not sure where agents fit yet? We review your workflows, data and systems and tell you plainly which processes are worth automating, which are not, and what each would cost to build and run."
        points={[
          'Opportunity assessment ranked by return and risk',
          'Architecture and vendor advice with no reseller incentives',
          'A roadmap your team can execute with or without us',
        ]}
        aside={
          <SideCard>
            <h3>How a consultation works</h3>
            <dl>
              <div>
                <dt>Discovery call</dt>
                <dd>The first 30 minutes are free: we learn your goals and constraints.</dd>
              </div>
              <div>
                <dt>Working sessions</dt>
                <dd>$200 per hour, scoped up front, with your operations and IT leads.</dd>
              </div>
              <div>
                <dt>Written recommendations</dt>
                <dd>
                  A prioritised shortlist with effort, cost and expected impact for each item.
                </dd>
              </div>
            </dl>
          </SideCard>
        }
      />

      <ServiceSection
        id="model-context-protocol"
        title="Model Context Protocol"
        Icon={ProtocolIcon}
        intro="The Model Context Protocol (MCP) is an open standard for connecting AI assistants to tools and data. We build and host MCP servers that expose your internal systems safely, so any MCP-capable assistant your teams use can work with them."
        points={[
          'MCP servers for internal APIs, databases and document stores',
          'Scoped permissions per tool, with authentication and audit logging',
          'One integration that serves many assistants instead of one per vendor',
        ]}
        aside={
          <SideCard>
            <h3>Typical MCP deliverables</h3>
            <dl>
              <div>
                <dt>Tool catalogue</dt>
                <dd>Well-described, typed tools the assistant can discover and call.</dd>
              </div>
              <div>
                <dt>Resources</dt>
                <dd>
                  Read-only access to the documents and records an assistant needs for context.
                </dd>
              </div>
              <div>
                <dt>Guardrails</dt>
                <dd>
                  Rate limits, confirmation prompts for writes, and logs your security team can
                  review.
                </dd>
              </div>
            </dl>
          </SideCard>
        }
      />

      <ServiceSection
        muted
        id="integration"
        title="Integration Services"
        Icon={IntegrationIcon}
        intro="An agent is only as useful as the systems it can reach. We connect agents to the platforms you already run, using official APIs, proper authentication and the access rules your administrators set."
        aside={
          <PlatformGrid aria-label="Platforms we integrate with">
            {PLATFORMS.map((platform) => (
              <Platform key={platform.name}>
                <strong>{platform.name}</strong>
                <span>{platform.use}</span>
              </Platform>
            ))}
          </PlatformGrid>
        }
        points={[
          'Two-way sync with conflict handling, not one-off exports',
          'Webhooks and event triggers so agents act the moment work arrives',
          'Custom connectors for in-house and legacy systems',
        ]}
      />

      <ServiceSection
        id="voice"
        title="Voice AI Agents"
        Icon={VoiceIcon}
        intro="Phone and voice agents that answer calls, book appointments, qualify enquiries and route callers to the right person, in natural conversation and around the clock."
        points={[
          'Natural, low-latency conversation with interruption handling',
          'Calendar, CRM and ticketing actions during the call',
          'Warm transfer to a person with a summary of the conversation so far',
        ]}
        aside={
          <SideCard>
            <h3>Where voice agents help most</h3>
            <dl>
              <div>
                <dt>After-hours coverage</dt>
                <dd>
                  Every call answered, urgent ones escalated, the rest booked for the morning.
                </dd>
              </div>
              <div>
                <dt>Appointment scheduling</dt>
                <dd>Bookings, reschedules and reminders straight into your calendar.</dd>
              </div>
              <div>
                <dt>Front-line triage</dt>
                <dd>Callers identified and routed with context, so your team starts informed.</dd>
              </div>
            </dl>
          </SideCard>
        }
      />

      <Closing aria-labelledby="services-cta">
        <Container>
          <h2 id="services-cta">Not sure which service you need?</h2>
          <p>
            Describe the problem and we will recommend the smallest engagement that solves it. We
            answer every enquiry within 24 hours on business days.
          </p>
          <Actions>
            <LightButtonLink to="/contact" size="lg">
              Contact us
              <ArrowRightIcon size={18} />
            </LightButtonLink>
            <OutlineButtonLink to="/pricing" size="lg">
              Compare plans
            </OutlineButtonLink>
          </Actions>
        </Container>
      </Closing>
    </>
  );
}

export const Head: HeadFC = ({ location }) => (
  <Seo
    title="Services"
    description="AI agent development, consultation, Model Context Protocol servers, integrations with Salesforce, SAP, Microsoft, Slack, Hubspot and Zapier, and voice AI agents."
    pathname={location.pathname}
  />
);
