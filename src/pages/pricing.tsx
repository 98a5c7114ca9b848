import { graphql, type PageProps } from 'gatsby';
import React from 'react';
import { CheckIcon, ChevronDownIcon } from '@/components/icons';
import { contentIcon } from '@/components/marketing/content-icon';
import { contentPageHead } from '@/components/marketing/content-seo';
import { PageHero } from '@/components/marketing/page-hero';
import {
  Alternative,
  Closing,
  ExtraIcon,
  ExtraPrice,
  ExtrasGrid,
  FaqItem,
  FaqList,
  Features,
  PlanCard,
  PlanGrid,
  PlanName,
  PopularBadge,
  Price,
  Tagline,
} from '@/page-styles/pricing.styles';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Section } from '@/components/ui/section';
import { useSiteContent } from '@/components/use-site-content';

export default function PricingPage({ data }: PageProps<Queries.PricingPageQuery>) {
  const { fill } = useSiteContent();
  // The build has checked content/pricing.yaml (plugins/site-content).
  const { hero, sections, popularBadge, closing, plans, extras, faq } =
    data.pricingYaml as NonNullable<Queries.PricingPageQuery['pricingYaml']>;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} lead={fill(hero.lead)} />

      <Section
        eyebrow={sections.plans.eyebrow}
        title={sections.plans.title}
        lead={fill(sections.plans.lead ?? '')}
      >
        <PlanGrid>
          {plans.map((plan) => (
            <li key={plan.name}>
              <PlanCard
                as="article"
                $highlight={plan.popular ?? undefined}
                aria-labelledby={`plan-${plan.name}`}
              >
                {plan.popular ? <PopularBadge>{popularBadge}</PopularBadge> : null}
                <div>
                  <PlanName id={`plan-${plan.name}`}>{plan.name}</PlanName>
                  <Tagline>{plan.tagline}</Tagline>
                </div>
                <Price>
                  <strong>{plan.price}</strong>
                  {plan.priceNote ? <span>{plan.priceNote}</span> : null}
                </Price>
                <Alternative>
                  {plan.monthly ? `or ${plan.monthly}` : `Starts at ${plan.startsAt ?? ''}`}
                </Alternative>
                <Features aria-label={`${plan.name} includes`}>
                  {plan.features.map((feature) => (
                    <li key={feature}>
                      <CheckIcon size={18} />
                      <span>{feature}</span>
                    </li>
                  ))}
                </Features>
                <ButtonLink to="/contact" block variant={plan.popular ? 'primary' : 'secondary'}>
                  {plan.cta}
                </ButtonLink>
              </PlanCard>
            </li>
          ))}
        </PlanGrid>
      </Section>

      <Section
        tone="muted"
        eyebrow={sections.extras.eyebrow}
        title={sections.extras.title}
        lead={fill(sections.extras.lead ?? '')}
      >
        <ExtrasGrid $md={3}>
          {extras.map((extra) => {
            const Icon = contentIcon(extra.icon);
            return (
              <li key={extra.title}>
                <Card>
                  <ExtraIcon>
                    <Icon size={22} />
                  </ExtraIcon>
                  <h3>{extra.title}</h3>
                  <ExtraPrice>{fill(extra.price)}</ExtraPrice>
                  <p>{fill(extra.text)}</p>
                </Card>
              </li>
            );
          })}
        </ExtrasGrid>
      </Section>

      <Section eyebrow={sections.faq.eyebrow} title={sections.faq.title}>
        <FaqList>
          {faq.map((item) => (
            <FaqItem key={item.question}>
              <summary>
                {item.question}
                <ChevronDownIcon size={20} />
              </summary>
              <p>{fill(item.answer)}</p>
            </FaqItem>
          ))}
        </FaqList>
        <Closing>
          <p>{fill(closing.text)}</p>
          <ButtonLink to="/contact" size="lg">
            {closing.cta}
          </ButtonLink>
        </Closing>
      </Section>
    </>
  );
}

export const Head = contentPageHead((data: Queries.PricingPageQuery) => data.pricingYaml);

export const query = graphql`
  query PricingPage {
    pricingYaml {
      ...ContentPageTop
      sections {
        plans {
          eyebrow
          title
          lead
        }
        extras {
          eyebrow
          title
          lead
        }
        faq {
          eyebrow
          title
        }
      }
      popularBadge
      closing {
        text
        cta
      }
      plans {
        id
        name
        tagline
        price
        priceNote
        monthly
        startsAt
        features
        cta
        popular
      }
      extras {
        title
        price
        text
        icon
      }
      faq {
        question
        answer
      }
    }
  }
`;
