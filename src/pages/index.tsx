import { graphql, type HeadFC, type PageProps } from 'gatsby';
import React from 'react';
import { ArrowRightIcon, CheckIcon } from '@/components/icons';
import { ContactButtonLink } from '@/components/marketing/contact-button-link';
import { CardGrid } from '@/components/marketing/card-grid';
import { contentIcon } from '@/components/marketing/content-icon';
import { IconBox } from '@/components/marketing/icon-box';
import { ContactAndPricingLinks, OutlineButtonLink } from '@/components/marketing/page-hero';
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
} from '@/page-styles/home.styles';
import { Seo } from '@/components/seo';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardText, CardTitle } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { Eyebrow, Section } from '@/components/ui/section';
import { useSiteContent } from '@/components/use-site-content';
import { LatestInsights } from '@/features/blog/components/latest-insights';

export default function HomePage({ data }: PageProps<Queries.HomePageQuery>) {
  const { cards, fill } = useSiteContent();
  // The build has checked content/home.yaml (plugins/site-content), so the node is there.
  const home = data.homeYaml as NonNullable<Queries.HomePageQuery['homeYaml']>;
  const { hero, console: run, services, why, closing } = home;
  const figures = data.companyYaml?.figures ?? [];
  // The title's highlighted words (hero.highlight); the build checks that the title has them.
  const at = hero.title.indexOf(hero.highlight);
  const titleStart = hero.title.slice(0, at);
  const titleEnd = hero.title.slice(at + hero.highlight.length);
  return (
    <>
      <Hero aria-labelledby="hero-title">
        <Container>
          <HeroGrid>
            <div>
              <Pill>{hero.pill}</Pill>
              <HeroTitle id="hero-title">
                {titleStart}
                <Highlight>{hero.highlight}</Highlight>
                {titleEnd}
              </HeroTitle>
              <HeroLead>{fill(hero.lead)}</HeroLead>
              <HeroActions>
                <ContactButtonLink>{hero.cta}</ContactButtonLink>
                <OutlineButtonLink to="/services" size="lg">
                  {hero.secondary}
                  {/* Search engines and screen readers get a link text that says where it goes. */}
                  <span className="sr-only"> {hero.secondaryHint}</span>
                </OutlineButtonLink>
              </HeroActions>
              <TrustList>
                {hero.trust.map((item) => (
                  <li key={item}>
                    <CheckIcon size={16} /> {fill(item)}
                  </li>
                ))}
              </TrustList>
            </div>
            <Console aria-label={run.label}>
              <ConsoleHead>
                <span>{run.title}</span>
                <LiveTag>{run.status}</LiveTag>
              </ConsoleHead>
              <Steps>
                {home.consoleSteps.map((step) => (
                  <li key={step.text}>
                    <StepDot $done={step.done} aria-hidden="true">
                      {step.done ? <CheckIcon size={14} /> : '…'}
                    </StepDot>
                    <span>{step.text}</span>
                    <span>{step.time}</span>
                  </li>
                ))}
              </Steps>
              <ConsoleCaption>{run.caption}</ConsoleCaption>
            </Console>
          </HeroGrid>
        </Container>
      </Hero>

      <Section eyebrow={services.eyebrow} title={services.title} lead={fill(services.lead)}>
        <CardGrid $md={2} $lg={3}>
          {cards.map((service) => {
            const Icon = contentIcon(service.icon);
            return (
              <li key={service.slug}>
                <Card $interactive>
                  <IconBox $raised>
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
            {services.more}
            <ArrowRightIcon size={18} />
          </ButtonLink>
        </ServicesFooter>
      </Section>

      <Section tone="muted" aria-labelledby="why-title">
        <WhyGrid>
          <div>
            <Eyebrow>{why.eyebrow}</Eyebrow>
            <WhyTitle id="why-title">{why.title}</WhyTitle>
            <p>{fill(why.text)}</p>
            <ReasonList>
              {home.reasons.map((reason) => (
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
            <StatsHeading>{why.figuresTitle}</StatsHeading>
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
            <StatsNote>{fill(why.figuresNote)}</StatsNote>
          </StatsCard>
        </WhyGrid>
      </Section>

      <Section compact aria-label={closing.label}>
        <CtaBand>
          <div>
            <h2>{closing.title}</h2>
            <p>{fill(closing.text)}</p>
          </div>
          <HeroActions>
            <ContactAndPricingLinks contact={closing.cta} pricing={closing.secondary} />
          </HeroActions>
        </CtaBand>
      </Section>

      <InsightsBand>
        <LatestInsights copy={home.insights} />
      </InsightsBand>
    </>
  );
}

export const Head: HeadFC = ({ location }) => <Seo pathname={location.pathname} />;

export const query = graphql`
  query HomePage {
    homeYaml {
      hero {
        pill
        title
        highlight
        lead
        cta
        secondary
        secondaryHint
        trust
      }
      console {
        label
        title
        status
        caption
      }
      services {
        eyebrow
        title
        lead
        more
      }
      why {
        eyebrow
        title
        text
        figuresTitle
        figuresNote
      }
      closing {
        label
        title
        text
        cta
        secondary
      }
      insights {
        title
        lead
        empty
        more
      }
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
