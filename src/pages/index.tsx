import { graphql, type HeadFC, type PageProps } from 'gatsby';
import React from 'react';
import { ArrowRightIcon, CheckIcon } from '@/components/icons';
import { CardGrid } from '@/components/marketing/card-grid';
import { contentIcon } from '@/components/marketing/content-icon';
import { LightButtonLink, OutlineButtonLink } from '@/components/marketing/page-hero';
import {
  Console,
  ConsoleCaption,
  ConsoleHead,
  CtaBand,
  Fill,
  Hero,
  HeroActions,
  HeroGrid,
  HeroLead,
  HeroTitle,
  Highlight,
  IconBox,
  InsightsBand,
  LiveTag,
  Pill,
  ReasonList,
  ServicesFooter,
  Stat,
  StatLabel,
  StatsCard,
  StatsHeading,
  StatsNote,
  StepDot,
  Steps,
  Tick,
  Track,
  TrustList,
  WhyGrid,
  WhyTitle,
} from '@/components/marketing/pages/home.styles';
import { Seo } from '@/components/seo';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardText, CardTitle } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { Eyebrow, Section } from '@/components/ui/section';
import { useSiteContent } from '@/components/use-site-content';
import { LatestInsights } from '@/features/blog/components/latest-insights';

export default function HomePage({ data }: PageProps<Queries.HomePageQuery>) {
  const { cards, fill } = useSiteContent();
  const { consoleSteps, reasons } = data.homeYaml ?? { consoleSteps: [], reasons: [] };
  const figures = data.companyYaml?.figures ?? [];
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
                  <CheckIcon size={16} /> {fill('Fixed-price plans from {starter.price}')}
                </li>
                <li>
                  <CheckIcon size={16} />{' '}
                  {fill('First {consultation.freeMinutes} minutes of consultation free')}
                </li>
                <li>
                  <CheckIcon size={16} /> {fill('Replies within {replyTime}')}
                </li>
              </TrustList>
            </div>
            <Console aria-label="Example of an agent run: invoice reconciliation">
              <ConsoleHead>
                <span>Invoice reconciliation agent</span>
                <LiveTag>Running</LiveTag>
              </ConsoleHead>
              <Steps>
                {consoleSteps.map((step) => (
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
          {cards.map((service) => {
            const Icon = contentIcon(service.icon);
            return (
              <li key={service.slug}>
                <Card $interactive>
                  <IconBox>
                    <Icon size={24} />
                  </IconBox>
                  <CardTitle>{service.name}</CardTitle>
                  <CardText>{service.summary}</CardText>
                </Card>
              </li>
            );
          })}
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
              {reasons.map((reason) => (
                <li key={reason.title}>
                  <Tick aria-hidden="true">
                    <CheckIcon size={18} />
                  </Tick>
                  <div>
                    <h3>{reason.title}</h3>
                    <p>{fill(reason.text)}</p>
                  </div>
                </li>
              ))}
            </ReasonList>
          </div>
          <StatsCard>
            <StatsHeading>What our agents deliver</StatsHeading>
            {figures.map((stat) => (
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
              {fill(
                'Tell us about the workflow that eats the most hours. We will reply within {replyTime} on business days with an honest view of what an agent can do for it.',
              )}
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

export const query = graphql`
  query HomePage {
    homeYaml {
      consoleSteps {
        text
        time
        done
      }
      reasons {
        title
        text
      }
    }
    companyYaml {
      figures {
        label
        value
      }
    }
  }
`;
