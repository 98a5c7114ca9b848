import { type HeadFC } from 'gatsby';
import React from 'react';
import styled from 'styled-components';
import {
  CheckIcon,
  ChevronDownIcon,
  ClockIcon,
  ConsultationIcon,
  SparkIcon,
} from '@/components/icons';
import { CardGrid } from '@/components/marketing/card-grid';
import { CheckList } from '@/components/marketing/check-list';
import { PageHero } from '@/components/marketing/page-hero';
import { Seo } from '@/components/seo';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Section } from '@/components/ui/section';

interface Plan {
  name: string;
  tagline: string;
  price: string;
  priceNote: string;
  alternative: string;
  features: readonly string[];
  cta: string;
  popular?: boolean;
}

const PLANS: readonly Plan[] = [
  {
    name: 'Starter',
    tagline: 'One focused agent for a single, well-defined task.',
    price: '$999',
    priceNote: 'one-time',
    alternative: 'or $99/month',
    features: ['1 simple agent', 'Basic integration', '1 revision', 'Email support'],
    cta: 'Start with Starter',
  },
  {
    name: 'Pro',
    tagline: 'Several agents working together across your tools.',
    price: '$2,499',
    priceNote: 'one-time',
    alternative: 'or $249/month',
    features: [
      'Up to 3 agents',
      'Advanced customization',
      'Integrations with your business systems',
      '3 revisions',
      'Priority email support',
    ],
    cta: 'Choose Pro',
    popular: true,
  },
  {
    name: 'Enterprise',
    tagline: 'Agent programmes for organisations with scale and compliance needs.',
    price: 'Custom',
    priceNote: '',
    alternative: 'Starts at $5,000',
    features: [
      'Unlimited agents',
      'Custom integrations',
      'On-prem or cloud deployment',
      'Dedicated support',
      'Ongoing maintenance',
    ],
    cta: 'Talk to us',
  },
];

const EXTRAS = [
  {
    title: 'Consultation',
    price: '$200/hour',
    text: 'Strategy, architecture and vendor advice. The first 30 minutes are free.',
    Icon: ConsultationIcon,
  },
  {
    title: 'Additional revisions',
    price: '$150 each',
    text: 'Changes beyond those included in your plan, scoped and confirmed before we start.',
    Icon: SparkIcon,
  },
  {
    title: 'Ongoing maintenance',
    price: '$500/month',
    text: 'Monitoring, model and dependency updates, prompt tuning and fixes as your systems change.',
    Icon: ClockIcon,
  },
];

const FAQ = [
  {
    question: 'How long does it take to build an agent?',
    answer:
      'Simple agents typically take 2-4 weeks from kickoff to launch. Complex agents with several integrations, approval flows or custom data pipelines take 6-12 weeks. You get a dated plan before any work starts.',
  },
  {
    question: 'Can I upgrade my plan later?',
    answer:
      'Yes. If you start on Starter and move to Pro or Enterprise, everything you have already paid counts as a prorated credit toward the new plan.',
  },
  {
    question: 'What if I am not satisfied with the result?',
    answer:
      'We offer a satisfaction guarantee. If the agent does not meet the requirements we agreed in writing, we keep working on it at no extra cost until it does or, if that is not possible, we give you a partial refund.',
  },
  {
    question: 'What is the difference between one-time and monthly pricing?',
    answer:
      'One-time pricing covers the build and hand-over; you own and run the agent. Monthly pricing spreads the cost and includes hosting and monitoring for as long as you subscribe.',
  },
  {
    question: 'Which models and platforms do you work with?',
    answer:
      'We are model-agnostic and choose per task, weighing quality, latency, cost and data-residency needs. We integrate with Salesforce, SAP, Microsoft, Slack, Hubspot, Zapier and custom in-house systems.',
  },
  {
    question: 'How quickly will you respond to my enquiry?',
    answer:
      'Within 24 hours on business days. Most enquiries get a reply the same day, with suggested next steps rather than a generic brochure.',
  },
];

const PlanGrid = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[6]};
  margin: 0;
  padding: 0;
  list-style: none;

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
    align-items: stretch;
  }

  > li {
    display: flex;
  }

  > li > * {
    flex: 1;
  }
`;

const PlanCard = styled(Card)`
  gap: ${({ theme }) => theme.space[5]};
`;

const PopularBadge = styled.span`
  position: absolute;
  top: 0;
  left: 50%;
  padding: 0.3rem 0.9rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.gradients.brand};
  color: #ffffff;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  white-space: nowrap;
  transform: translate(-50%, -50%);
`;

const PlanName = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
`;

const Tagline = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Price = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;

  strong {
    font-size: 2.75rem;
    font-weight: 800;
    letter-spacing: -0.03em;
    line-height: 1;
  }

  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Alternative = styled.p`
  margin: -${({ theme }) => theme.space[3]} 0 0;
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 700;
`;

const Features = styled(CheckList)`
  flex: 1;
  align-content: start;
  padding: ${({ theme }) => theme.space[5]} 0 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const ExtrasGrid = styled(CardGrid)`
  h3 {
    margin-bottom: ${({ theme }) => theme.space[1]};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const ExtraPrice = styled.p`
  && {
    margin-bottom: ${({ theme }) => theme.space[3]};
    color: ${({ theme }) => theme.colors.primary};
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    font-weight: 800;
  }
`;

const ExtraIcon = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.75rem;
  height: 2.75rem;
  margin-bottom: ${({ theme }) => theme.space[4]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.primary};
`;

const FaqList = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  max-width: 800px;
  margin: 0 auto;
`;

const FaqItem = styled.details`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.bg};

  &[open] {
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: ${({ theme }) => theme.shadows.sm};
  }

  summary {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space[4]};
    padding: ${({ theme }) => theme.space[4]} ${({ theme }) => theme.space[5]};
    font-weight: 700;
    cursor: pointer;
    list-style: none;
  }

  summary::-webkit-details-marker {
    display: none;
  }

  summary svg {
    flex-shrink: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    transition: transform 0.2s ease;
  }

  &[open] summary svg {
    transform: rotate(180deg);
  }

  p {
    margin: 0;
    padding: 0 ${({ theme }) => theme.space[5]} ${({ theme }) => theme.space[5]};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Closing = styled.div`
  margin-top: ${({ theme }) => theme.space[10]};
  text-align: center;

  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export default function PricingPage() {
  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Clear, fixed prices for custom AI agents"
        lead="Pay once and own the agent, or spread the cost monthly with hosting included. Every plan starts with a free 30-minute consultation."
      />

      <Section
        eyebrow="Plans"
        title="Choose the plan that fits your first project"
        lead="All plans include requirements workshops, testing against your real data, and a hand-over session with your team."
      >
        <PlanGrid>
          {PLANS.map((plan) => (
            <li key={plan.name}>
              <PlanCard
                as="article"
                $highlight={plan.popular}
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
                <Alternative>{plan.alternative}</Alternative>
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
          {EXTRAS.map(({ title, price, text, Icon }) => (
            <li key={title}>
              <Card>
                <ExtraIcon>
                  <Icon size={22} />
                </ExtraIcon>
                <h3>{title}</h3>
                <ExtraPrice>{price}</ExtraPrice>
                <p>{text}</p>
              </Card>
            </li>
          ))}
        </ExtrasGrid>
      </Section>

      <Section eyebrow="FAQ" title="Frequently asked questions">
        <FaqList>
          {FAQ.map((item) => (
            <FaqItem key={item.question}>
              <summary>
                {item.question}
                <ChevronDownIcon size={20} />
              </summary>
              <p>{item.answer}</p>
            </FaqItem>
          ))}
        </FaqList>
        <Closing>
          <p>Still have a question? We reply within 24 hours on business days.</p>
          <ButtonLink to="/contact" size="lg">
            Contact us
          </ButtonLink>
        </Closing>
      </Section>
    </>
  );
}

export const Head: HeadFC = ({ location }) => (
  <Seo
    title="Pricing"
    description="Starter from $999 one-time or $99/month, Pro from $2,499 or $249/month, Enterprise from $5,000. Consultation $200/hour with the first 30 minutes free."
    pathname={location.pathname}
  />
);
