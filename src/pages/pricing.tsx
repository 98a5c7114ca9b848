import { graphql, type HeadFC, type PageProps } from 'gatsby';
import React from 'react';
import { CheckIcon, ChevronDownIcon } from '@/components/icons';
import { contentIcon } from '@/components/marketing/content-icon';
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
} from '@/components/marketing/pages/pricing.styles';
import { Seo } from '@/components/seo';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Section } from '@/components/ui/section';
import { useSiteContent } from '@/components/use-site-content';

export default function PricingPage({ data }: PageProps<Queries.PricingPageQuery>) {
  const { fill } = useSiteContent();
  const { plans, extras, faq } = data.pricingYaml ?? { plans: [], extras: [], faq: [] };
  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Clear, fixed prices for custom AI agents"
        lead={fill(
          'Pay once and own the agent, or spread the cost monthly with hosting included. Every plan starts with a free {consultation.freeMinutes}-minute consultation.',
        )}
      />

      <Section
        eyebrow="Plans"
        title="Choose the plan that fits your first project"
        lead="All plans include requirements workshops, testing against your real data, and a hand-over session with your team."
      >
        <PlanGrid>
          {plans.map((plan) => (
            <li key={plan.name}>
              <PlanCard
                as="article"
                $highlight={plan.popular ?? undefined}
                aria-labelledby={`plan-${plan.name}`}
              >
                {plan.popular ? <PopularBadge>Most Popular</PopularBadge> : null}
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
        eyebrow="Add-ons"
        title="Additional services"
        lead="Extend any plan when you need more help, without renegotiating the whole project."
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

      <Section eyebrow="FAQ" title="Frequently asked questions">
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
          <p>{fill('Still have a question? We reply within {replyTime} on business days.')}</p>
          <ButtonLink to="/contact" size="lg">
            Contact us
          </ButtonLink>
        </Closing>
      </Section>
    </>
  );
}

export const Head: HeadFC<Queries.PricingPageQuery> = ({ location, data }) => {
  const { fill } = useSiteContent();
  return (
    <Seo
      title="Pricing"
      description={fill(data.pricingYaml?.description ?? '')}
      pathname={location.pathname}
    />
  );
};

export const query = graphql`
  query PricingPage {
    pricingYaml {
      description
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
