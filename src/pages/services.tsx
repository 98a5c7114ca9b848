import { graphql, type PageProps } from 'gatsby';
import React from 'react';
import { contentPageHead } from '@/components/marketing/content-seo';
import { ContactButtonLink } from '@/components/marketing/contact-button-link';
import { CheckIcon } from '@/components/icons';
import { contentIcon } from '@/components/marketing/content-icon';
import { IconBox } from '@/components/marketing/icon-box';
import {
  ContactAndPricingLinks,
  OutlineButtonLink,
  PageHero,
} from '@/components/marketing/page-hero';
import {
  Actions,
  BlockGrid,
  BlockTitle,
  Checks,
  Closing,
  Intro,
  Jump,
  Platform,
  PlatformGrid,
  Process,
  ProcessStep,
  ServiceBlock,
  SideCard,
} from '@/page-styles/services.styles';
import { Container } from '@/components/ui/container';
import { useSiteContent } from '@/components/use-site-content';

type Service = Queries.ServicesPageQuery['allServicesYaml']['nodes'][number];
type Details = NonNullable<Service['details']>;

/** The side column of a service: process steps, a card of terms, or a grid of platforms. */
function Aside({ aside, fill }: { aside: Details['aside']; fill: (text: string) => string }) {
  if (aside.kind === 'steps')
    return (
      <Process aria-label={aside.label ?? undefined}>
        {aside.items.map((step) => (
          <ProcessStep key={step.title}>
            <h3>{step.title}</h3>
            <p>{fill(step.text)}</p>
          </ProcessStep>
        ))}
      </Process>
    );
  if (aside.kind === 'platforms')
    return (
      <PlatformGrid aria-label={aside.label ?? undefined}>
        {aside.items.map((platform) => (
          <Platform key={platform.title}>
            <strong>{platform.title}</strong>
            <span>{fill(platform.text)}</span>
          </Platform>
        ))}
      </PlatformGrid>
    );
  return (
    <SideCard>
      <h3>{aside.title}</h3>
      <dl>
        {aside.items.map((item) => (
          <div key={item.title}>
            <dt>{item.title}</dt>
            <dd>{fill(item.text)}</dd>
          </div>
        ))}
      </dl>
    </SideCard>
  );
}

function ServiceSection({ service, muted }: { service: Service; muted: boolean }) {
  const { fill } = useSiteContent();
  const details = service.details as Details;
  const id = details.anchor;
  const Icon = contentIcon(service.icon);
  return (
    <ServiceBlock id={id} $muted={muted} aria-labelledby={`${id}-title`}>
      <Container>
        <BlockGrid>
          <div>
            <IconBox $large $raised>
              <Icon size={26} />
            </IconBox>
            <BlockTitle id={`${id}-title`}>{service.name}</BlockTitle>
            <Intro>{fill(details.intro)}</Intro>
            <Checks>
              {details.points.map((point) => (
                <li key={point}>
                  <CheckIcon size={18} />
                  <span>{fill(point)}</span>
                </li>
              ))}
            </Checks>
          </div>
          <div>
            <Aside aside={details.aside} fill={fill} />
          </div>
        </BlockGrid>
      </Container>
    </ServiceBlock>
  );
}

type PageCopy = NonNullable<Queries.ServicesPageQuery['servicesPageYaml']>;

export default function ServicesPage({ data }: PageProps<Queries.ServicesPageQuery>) {
  const { fill } = useSiteContent();
  // The build has checked content/services-page.yaml (plugins/site-content).
  const { hero, jumpLabel, closing } = data.servicesPageYaml as PageCopy;
  // Services with a section on this page, in their page order (content/services.yaml).
  const services = data.allServicesYaml.nodes
    .filter((service) => service.details)
    .sort((a, b) => (a.details?.order ?? 0) - (b.details?.order ?? 0));
  return (
    <>
      <PageHero
        eyebrow={hero.eyebrow}
        title={hero.title}
        lead={fill(hero.lead)}
        actions={<ContactAndPricingLinks contact={hero.cta} pricing={hero.secondary} />}
      />

      <Container>
        <Jump aria-label={jumpLabel}>
          <ul>
            {services.map((service) => (
              <li key={service.slug}>
                <a href={`#${service.details?.anchor ?? ''}`}>{service.name}</a>
              </li>
            ))}
          </ul>
        </Jump>
      </Container>

      {services.map((service, index) => (
        <ServiceSection key={service.slug} service={service} muted={index % 2 === 1} />
      ))}

      <Closing aria-labelledby="services-cta">
        <Container>
          <h2 id="services-cta">{closing.title}</h2>
          <p>{fill(closing.text)}</p>
          <Actions>
            <ContactButtonLink>{closing.cta}</ContactButtonLink>
            <OutlineButtonLink to="/pricing" size="lg">
              {closing.secondary}
            </OutlineButtonLink>
          </Actions>
        </Container>
      </Closing>
    </>
  );
}

export const Head = contentPageHead((data: Queries.ServicesPageQuery) => data.servicesPageYaml);

export const query = graphql`
  query ServicesPage {
    servicesPageYaml {
      ...ContentPageTop
      hero {
        cta
        secondary
      }
      jumpLabel
      closing {
        title
        text
        cta
        secondary
      }
    }
    allServicesYaml {
      nodes {
        slug
        name
        icon
        details {
          anchor
          order
          intro
          points
          aside {
            kind
            label
            title
            items {
              title
              text
            }
          }
        }
      }
    }
  }
`;
