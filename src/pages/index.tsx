import { type HeadFC } from 'gatsby';
import React from 'react';
import styled from 'styled-components';
import { ArrowRightIcon, CheckIcon } from '@/components/icons';
import { CardGrid } from '@/components/marketing/card-grid';
import { LightButtonLink, OutlineButtonLink } from '@/components/marketing/page-hero';
import { SERVICES } from '@/components/marketing/services';
import { Seo } from '@/components/seo';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardText, CardTitle } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { Eyebrow, Section } from '@/components/ui/section';
import { LatestInsights } from '@/features/blog/components/latest-insights';

const Hero = styled.section`
  position: relative;
  overflow: hidden;
  padding-block: ${({ theme }) => theme.space[16]} ${({ theme }) => theme.space[20]};
  background: ${({ theme }) => theme.gradients.hero};
  color: ${({ theme }) => theme.colors.darkText};

  ${({ theme }) => theme.media.lg} {
    padding-block: 6.5rem 7.5rem;
  }
`;

const HeroGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[12]};
  align-items: center;

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: 1.15fr 1fr;
  }
`;

const Pill = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin-bottom: ${({ theme }) => theme.space[5]};
  padding: 0.3rem 0.85rem;
  border: 1px solid rgba(165, 180, 252, 0.4);
  border-radius: ${({ theme }) => theme.radii.pill};
  background: rgba(99, 102, 241, 0.18);
  color: #c7d2fe;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;

  &::before {
    content: '';
    width: 0.5rem;
    height: 0.5rem;
    border-radius: 50%;
    background: #34d399;
  }
`;

const HeroTitle = styled.h1`
  margin-bottom: ${({ theme }) => theme.space[5]};
  color: #ffffff;
  font-size: 2.5rem;
  letter-spacing: -0.035em;
  line-height: 1.08;

  ${({ theme }) => theme.media.md} {
    font-size: 3.75rem;
  }
`;

const Highlight = styled.span`
  background: linear-gradient(90deg, #a5b4fc, #67e8f9);
  -webkit-background-clip: text;
  background-clip: text;
  color: transparent;
`;

const HeroLead = styled.p`
  max-width: 36rem;
  margin-bottom: ${({ theme }) => theme.space[8]};
  color: ${({ theme }) => theme.colors.darkMuted};
  font-size: ${({ theme }) => theme.fontSizes.lg};

  ${({ theme }) => theme.media.md} {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const HeroActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
`;

const TrustList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[6]};
  margin: ${({ theme }) => theme.space[10]} 0 0;
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.colors.darkMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  li {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]};
  }

  svg {
    color: #34d399;
  }
`;

const Console = styled.figure`
  margin: 0;
  padding: ${({ theme }) => theme.space[6]};
  border: 1px solid rgba(165, 180, 252, 0.25);
  border-radius: ${({ theme }) => theme.radii.lg};
  background: rgba(21, 27, 48, 0.75);
  box-shadow: 0 30px 60px rgba(0, 0, 0, 0.35);
  backdrop-filter: blur(6px);
`;

const ConsoleHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  margin-bottom: ${({ theme }) => theme.space[5]};
  padding-bottom: ${({ theme }) => theme.space[4]};
  border-bottom: 1px solid rgba(255, 255, 255, 0.1);
  color: #ffffff;
  font-weight: 700;
`;

const LiveTag = styled.span`
  padding: 0.15rem 0.6rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: rgba(52, 211, 153, 0.15);
  color: #6ee7b7;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
`;

const Steps = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[3]};
    padding: ${({ theme }) => theme.space[3]};
    border-radius: ${({ theme }) => theme.radii.md};
    background: rgba(255, 255, 255, 0.04);
  }

  li span:last-child {
    margin-left: auto;
    color: ${({ theme }) => theme.colors.darkMuted};
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

const StepDot = styled.span<{ $done: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  width: 1.5rem;
  height: 1.5rem;
  border-radius: 50%;
  background: ${({ $done }) => ($done ? 'rgba(52, 211, 153, 0.2)' : 'rgba(165, 180, 252, 0.2)')};
  color: ${({ $done }) => ($done ? '#6ee7b7' : '#c7d2fe')};
`;

const ConsoleCaption = styled.figcaption`
  margin-top: ${({ theme }) => theme.space[4]};
  color: ${({ theme }) => theme.colors.darkMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
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
  box-shadow: 0 8px 20px rgba(67, 56, 202, 0.25);
`;

const ServicesFooter = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space[10]};
`;

const WhyGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[10]};
  align-items: center;

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: 1.1fr 1fr;
    gap: ${({ theme }) => theme.space[16]};
  }
`;

const WhyTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes['3xl']};

  ${({ theme }) => theme.media.md} {
    font-size: ${({ theme }) => theme.fontSizes['4xl']};
  }
`;

const ReasonList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
  margin: ${({ theme }) => theme.space[8]} 0 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    gap: ${({ theme }) => theme.space[4]};
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

const Tick = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  width: 2rem;
  height: 2rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.successBg};
  color: ${({ theme }) => theme.colors.success};
`;

const StatsCard = styled(Card)`
  gap: ${({ theme }) => theme.space[6]};
`;

const StatsHeading = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

const StatsNote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Stat = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;

const StatLabel = styled.div`
  display: flex;
  justify-content: space-between;
  font-weight: 600;

  span:last-child {
    color: ${({ theme }) => theme.colors.primary};
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: 800;
  }
`;

const Track = styled.div`
  height: 0.75rem;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const Fill = styled.div<{ $value: number }>`
  width: ${({ $value }) => $value}%;
  height: 100%;
  border-radius: inherit;
  background: ${({ theme }) => theme.gradients.brand};
`;

const CtaBand = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[6]};
  align-items: center;
  padding: ${({ theme }) => theme.space[10]} ${({ theme }) => theme.space[6]};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.gradients.hero};
  color: ${({ theme }) => theme.colors.darkText};
  box-shadow: ${({ theme }) => theme.shadows.lg};

  h2 {
    margin-bottom: ${({ theme }) => theme.space[3]};
    color: #ffffff;
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.darkMuted};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: 1fr auto;
    padding: ${({ theme }) => theme.space[12]} ${({ theme }) => theme.space[16]};
  }
`;

const InsightsBand = styled.div`
  background: ${({ theme }) => theme.colors.surface};
`;

const REASONS = [
  {
    title: 'Built around your process',
    text: 'We map the workflow with the people who run it before writing a line of code, so the agent fits how work actually gets done.',
  },
  {
    title: 'Secure from the first commit',
    text: 'Least-privilege access, prompt-injection defences and full audit logs are part of every build, not an optional extra.',
  },
  {
    title: 'Connected to your stack',
    text: 'Agents read and write in the CRM, ERP and chat tools you already pay for, instead of adding yet another dashboard.',
  },
  {
    title: 'Measured by outcomes',
    text: 'Every project starts with agreed success metrics, and we report against them after launch.',
  },
];

const STATS = [
  { label: 'Efficiency', value: 85 },
  { label: 'Cost reduction', value: 70 },
  { label: 'Customer satisfaction', value: 95 },
];

const CONSOLE_STEPS = [
  { text: 'Read 42 new supplier invoices', time: '00:04', done: true },
  { text: 'Match against purchase orders in SAP', time: '00:19', done: true },
  { text: 'Flag 3 price mismatches for review', time: '00:21', done: true },
  { text: 'Post summary to #finance in Slack', time: '00:22', done: false },
];

export default function HomePage() {
  return (
    <>
      <Hero aria-labelledby="hero-title">
        <Container>
          <HeroGrid>
            <div>
              <Pill>Custom AI agents for business</Pill>
              <HeroTitle id="hero-title">
                AI agents that take <Highlight>real work</Highlight> off your team
              </HeroTitle>
              <HeroLead>
                AgentWorks designs, builds and secures AI agents that plug into your systems and
                handle the repetitive, rules-heavy tasks your people should not be spending their
                week on.
              </HeroLead>
              <HeroActions>
                <LightButtonLink to="/contact" size="lg">
                  Get Started
                  <ArrowRightIcon size={18} />
                </LightButtonLink>
                <OutlineButtonLink to="/services" size="lg">
                  Learn More
                  {/* Search engines and screen readers get a link text that says where it goes. */}
                  <span className="sr-only"> about our services</span>
                </OutlineButtonLink>
              </HeroActions>
              <TrustList>
                <li>
                  <CheckIcon size={16} /> Fixed-price plans from $999
                </li>
                <li>
                  <CheckIcon size={16} /> First 30 minutes of consultation free
                </li>
                <li>
                  <CheckIcon size={16} /> Replies within 24 hours
                </li>
              </TrustList>
            </div>
            <Console aria-label="Example of an agent run: invoice reconciliation">
              <ConsoleHead>
                <span>Invoice reconciliation agent</span>
                <LiveTag>Running</LiveTag>
              </ConsoleHead>
              <Steps>
                {CONSOLE_STEPS.map((step) => (
                  <li key={step.text}>
                    <StepDot $done={step.done} aria-hidden="true">
                      {step.done ? <CheckIcon size={14} /> : '…'}
                    </StepDot>
                    <span>{step.text}</span>
                    <span>{step.time}</span>
                  </li>
                ))}
              </Steps>
              <ConsoleCaption>
                An illustrative run: one agent, four systems, twenty-two seconds.
              </ConsoleCaption>
            </Console>
          </HeroGrid>
        </Container>
      </Hero>

      <Section
        eyebrow="What we do"
        title="Services built for production, not demos"
        lead="From the first workshop to a secured agent running in your stack, one team owns the whole journey."
      >
        <CardGrid $md={2} $lg={3}>
          {SERVICES.map(({ title, description, Icon }) => (
            <li key={title}>
              <Card $interactive>
                <IconBox>
                  <Icon size={24} />
                </IconBox>
                <CardTitle>{title}</CardTitle>
                <CardText>{description}</CardText>
              </Card>
            </li>
          ))}
        </CardGrid>
        <ServicesFooter>
          <ButtonLink to="/services" variant="secondary">
            Explore all services
            <ArrowRightIcon size={18} />
          </ButtonLink>
        </ServicesFooter>
      </Section>

      <Section tone="muted" aria-labelledby="why-title">
        <WhyGrid>
          <div>
            <Eyebrow>Why choose us</Eyebrow>
            <WhyTitle id="why-title">Agents your operations team can rely on</WhyTitle>
            <p>
              An agent that works in a demo is easy. One that handles the edge cases, respects
              permissions and keeps working after the launch party is what we build.
            </p>
            <ReasonList>
              {REASONS.map((reason) => (
                <li key={reason.title}>
                  <Tick aria-hidden="true">
                    <CheckIcon size={18} />
                  </Tick>
                  <div>
                    <h3>{reason.title}</h3>
                    <p>{reason.text}</p>
                  </div>
                </li>
              ))}
            </ReasonList>
          </div>
          <StatsCard>
            <StatsHeading>What our agents deliver</StatsHeading>
            {STATS.map((stat) => (
              <Stat key={stat.label}>
                <StatLabel>
                  <span>{stat.label}</span>
                  <span>{stat.value}%</span>
                </StatLabel>
                <Track
                  role="meter"
                  aria-label={stat.label}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={stat.value}
                  aria-valuetext={`${stat.value}% ${stat.label.toLowerCase()}`}
                >
                  <Fill $value={stat.value} />
                </Track>
              </Stat>
            ))}
            <StatsNote>
              Typical improvements on the workflows our clients hand to an agent, measured against
              the metrics agreed at the start of each project.
            </StatsNote>
          </StatsCard>
        </WhyGrid>
      </Section>

      <Section compact aria-label="Get started">
        <CtaBand>
          <div>
            <h2>Ready to put an agent to work?</h2>
            <p>
              Tell us about the workflow that eats the most hours. We will reply within 24 hours on
              business days with an honest view of what an agent can do for it.
            </p>
          </div>
          <HeroActions>
            <LightButtonLink to="/contact" size="lg">
              Get Started
            </LightButtonLink>
            <OutlineButtonLink to="/pricing" size="lg">
              View Pricing
            </OutlineButtonLink>
          </HeroActions>
        </CtaBand>
      </Section>

      <InsightsBand>
        <LatestInsights />
      </InsightsBand>
    </>
  );
}

export const Head: HeadFC = ({ location }) => <Seo pathname={location.pathname} />;
