import { graphql, type PageProps } from 'gatsby';
import React from 'react';
import styled from 'styled-components';
import { contentPageHead } from '@/components/marketing/content-seo';
import { PageHero } from '@/components/marketing/page-hero';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { useSiteContent } from '@/components/use-site-content';
import { ContactDetails } from '@/features/contact/components/contact-details';
import { ContactIsland } from '@/features/contact/components/contact-island';
import { useServiceOptions } from '@/features/contact/services';

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

export default function ContactPage({ data }: PageProps<Queries.ContactPageQuery>) {
  const { fill } = useSiteContent();
  const serviceOptions = useServiceOptions();
  // The build has checked content/contact.yaml (plugins/site-content).
  const { hero, form, details } = data.contactYaml as NonNullable<
    Queries.ContactPageQuery['contactYaml']
  >;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} lead={fill(hero.lead)} />
      <Body aria-labelledby="contact-form-title">
        <Container>
          <Grid>
            <Card>
              <FormTitle id="contact-form-title">{form.title}</FormTitle>
              <FormLead>{fill(form.lead)}</FormLead>
              <ContactIsland serviceOptions={[...serviceOptions]} />
            </Card>
            <ContactDetails copy={details} />
          </Grid>
        </Container>
      </Body>
    </>
  );
}

export const Head = contentPageHead((data: Queries.ContactPageQuery) => data.contactYaml);

export const query = graphql`
  query ContactPage {
    contactYaml {
      ...ContentPageTop
      form {
        title
        lead
      }
      details {
        label
        direct {
          title
          email
          phone
          response
          responseText
        }
        next {
          title
          steps {
            lead
            text
          }
        }
      }
    }
  }
`;
