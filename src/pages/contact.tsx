import { type HeadFC } from 'gatsby';
import React from 'react';
import styled from 'styled-components';
import { PageHero } from '@/components/marketing/page-hero';
import { Seo } from '@/components/seo';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { useSiteContent } from '@/components/use-site-content';
import { ContactDetails } from '@/features/contact/components/contact-details';
import { ContactForm } from '@/features/contact/components/contact-form';

const Body = styled.section`
  padding-block: ${({ theme }) => theme.space[12]} ${({ theme }) => theme.space[16]};

  ${({ theme }) => theme.media.md} {
    padding-block: ${({ theme }) => theme.space[16]} ${({ theme }) => theme.space[20]};
  }
`;

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[8]};
  align-items: start;

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  }
`;

const FormTitle = styled.h2`
  margin-bottom: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
`;

const FormLead = styled.p`
  margin-bottom: ${({ theme }) => theme.space[6]};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export default function ContactPage() {
  const { fill } = useSiteContent();
  return (
    <>
      <PageHero
        eyebrow="Contact Us"
        title="Let's talk about your agent"
        lead={fill(
          'Tell us what slows your team down. We answer every enquiry within {replyTime} on business days.',
        )}
      />
      <Body aria-labelledby="contact-form-title">
        <Container>
          <Grid>
            <Card>
              <FormTitle id="contact-form-title">Send us a message</FormTitle>
              <FormLead>Fields marked with an asterisk (*) are required.</FormLead>
              <ContactForm />
            </Card>
            <ContactDetails />
          </Grid>
        </Container>
      </Body>
    </>
  );
}

export const Head: HeadFC = ({ location }) => {
  const { fill } = useSiteContent();
  return (
    <Seo
      title="Contact Us"
      description={fill(
        'Send AgentWorks an enquiry about a custom AI agent, consultation or integration. We reply within {replyTime} on business days.',
      )}
      pathname={location.pathname}
    />
  );
};
