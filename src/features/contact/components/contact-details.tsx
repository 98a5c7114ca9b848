import React from 'react';
import styled from 'styled-components';
import { ClockIcon, MailIcon, PhoneIcon } from '@/components/icons';
import { useSiteContent } from '@/components/use-site-content';
import { telHref } from '@/components/use-site-metadata';
import { columnStack, stackedList } from '@/styles/layout';

const Aside = styled.aside`
  ${columnStack(6)}
`;

const Block = styled.section`
  padding: ${({ theme }) => theme.space[6]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
`;

const Heading = styled.h2`
  margin-bottom: ${({ theme }) => theme.space[4]};
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

const List = styled.ul`
  ${stackedList(4)}
`;

const Item = styled.li`
  display: flex;
  gap: ${({ theme }) => theme.space[3]};
  align-items: flex-start;

  svg {
    flex-shrink: 0;
    margin-top: 0.125rem;
    color: ${({ theme }) => theme.colors.primary};
  }

  a {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

const Label = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Steps = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  padding-left: ${({ theme }) => theme.space[5]};
  color: ${({ theme }) => theme.colors.textMuted};

  strong {
    color: ${({ theme }) => theme.colors.text};
  }
`;

/** The words of the column (the `details` of content/contact.yaml); texts may name facts. */
export type ContactDetailsCopy = NonNullable<Queries.ContactPageQuery['contactYaml']>['details'];

/** Direct contact details, the response-time promise and what happens after sending. */
export function ContactDetails({ copy }: { copy: ContactDetailsCopy }) {
  const { company, fill } = useSiteContent();
  const { email, phone } = company;
  const { direct, next } = copy;
  return (
    <Aside aria-label={copy.label}>
      <Block aria-labelledby="contact-direct">
        <Heading id="contact-direct">{direct.title}</Heading>
        <List>
          <Item>
            <MailIcon size={20} aria-hidden="true" />
            <span>
              <Label>{direct.email}</Label>
              <a href={`mailto:${email}`}>{email}</a>
            </span>
          </Item>
          <Item>
            <PhoneIcon size={20} aria-hidden="true" />
            <span>
              <Label>{direct.phone}</Label>
              <a href={telHref(phone)}>{phone}</a>
            </span>
          </Item>
          <Item>
            <ClockIcon size={20} aria-hidden="true" />
            <span>
              <Label>{direct.response}</Label>
              {fill(direct.responseText)}
            </span>
          </Item>
        </List>
      </Block>
      <Block aria-labelledby="contact-next">
        <Heading id="contact-next">{next.title}</Heading>
        <Steps>
          {next.steps.map((step) => (
            <li key={step.lead}>
              <strong>{fill(step.lead)}</strong> {fill(step.text)}
            </li>
          ))}
        </Steps>
      </Block>
    </Aside>
  );
}
