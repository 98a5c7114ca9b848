import { graphql, type PageProps } from 'gatsby';
import React from 'react';
import { ClockIcon } from '@/components/icons';
import { contentIcon } from '@/components/marketing/content-icon';
import { IconBox } from '@/components/marketing/icon-box';
import { contentPageHead } from '@/components/marketing/content-seo';
import { PageHero } from '@/components/marketing/page-hero';
import {
  ApproachGrid,
  Eyebrow,
  Facts,
  Mission,
  MissionTitle,
  Prose,
  Response,
  Steps,
  StoryGrid,
  ValueGrid,
} from '@/page-styles/about.styles';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Section } from '@/components/ui/section';
import { useSiteContent } from '@/components/use-site-content';

export default function AboutPage({ data }: PageProps<Queries.AboutPageQuery>) {
  const { fill } = useSiteContent();
  // The build has checked content/about.yaml (plugins/site-content).
  const about = data.aboutYaml as NonNullable<Queries.AboutPageQuery['aboutYaml']>;
  const { hero, story, facts, mission, sections, closing } = about;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} lead={fill(hero.lead)} />

      <Section>
        <StoryGrid>
          <Prose>
            <Eyebrow>{story.eyebrow}</Eyebrow>
            <h2>{story.title}</h2>
            {story.paragraphs.map((paragraph) => (
              <p key={paragraph}>{fill(paragraph)}</p>
            ))}
          </Prose>
          <Facts as="aside" aria-label={facts.label}>
            <dl>
              {facts.items.map((fact) => (
                <div key={fact.label}>
                  <dt>{fact.label}</dt>
                  <dd>{fill(fact.text)}</dd>
                </div>
              ))}
            </dl>
          </Facts>
        </StoryGrid>
      </Section>

      <Section tone="dark" aria-labelledby="mission-title">
        <MissionTitle id="mission-title">{mission.title}</MissionTitle>
        <Mission>
          <p>{fill(mission.text)}</p>
        </Mission>
      </Section>

      <Section eyebrow={sections.values.eyebrow} title={sections.values.title}>
        <ValueGrid $md={3}>
          {about.values.map((value) => {
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
        eyebrow={sections.process.eyebrow}
        title={sections.process.title}
        lead={fill(sections.process.lead ?? '')}
      >
        <Steps>
          {about.process.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{fill(step.text)}</p>
            </li>
          ))}
        </Steps>
      </Section>

      <Section eyebrow={sections.approach.eyebrow} title={sections.approach.title}>
        <ApproachGrid>
          {about.approach.map((item) => (
            <Card key={item.title}>
              <h3>{item.title}</h3>
              <p>{fill(item.text)}</p>
            </Card>
          ))}
        </ApproachGrid>
      </Section>

      <Section tone="muted" compact aria-label={closing.label}>
        <Response>
          <ClockIcon size={40} />
          <p>{fill(closing.text)}</p>
          <ButtonLink to="/contact" size="lg">
            {closing.cta}
          </ButtonLink>
        </Response>
      </Section>
    </>
  );
}

export const Head = contentPageHead((data: Queries.AboutPageQuery) => data.aboutYaml);

export const query = graphql`
  query AboutPage {
    aboutYaml {
      ...ContentPageTop
      story {
        eyebrow
        title
        paragraphs
      }
      facts {
        label
        items {
          label
          text
        }
      }
      mission {
        title
        text
      }
      sections {
        values {
          eyebrow
          title
        }
        process {
          eyebrow
          title
          lead
        }
        approach {
          eyebrow
          title
        }
      }
      closing {
        label
        text
        cta
      }
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
