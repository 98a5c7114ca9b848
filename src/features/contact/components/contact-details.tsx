import React from 'react';
import styled from 'styled-components';
import { ClockIcon, MailIcon, PhoneIcon } from '@/components/icons';
import { useSiteContent } from '@/components/use-site-content';
import { telHref } from '@/components/use-site-metadata';

const Aside = styled.aside`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[6]};
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
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;
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

/** Direct contact details, the response-time promise and what happens after sending. */
export function ContactDetails() {
  const { company, fill } = useSiteContent();
  const { email, phone } = company;
  return (
    <Aside aria-label="Other ways to reach us">
      <Block aria-labelledby="contact-direct">
        <Heading id="contact-direct">Reach us directly</Heading>
        <List>
          <Item>
            <MailIcon size={20} aria-hidden="true" />
            <span>
              <Label>Email</Label>
              <a href={`mailto:${email}`}>{email}</a>
            </span>
          </Item>
          <Item>
            <PhoneIcon size={20} aria-hidden="true" />
            <span>
              <Label>Phone</Label>
              <a href={telHref(phone)}>{phone}</a>
            </span>
          </Item>
          <Item>
            <ClockIcon size={20} aria-hidden="true" />
            <span>
              <Label>Response time</Label>
              {fill('We answer every enquiry within {replyTime} on business days.')}
            </span>
          </Item>
        </List>
      </Block>
      <Block aria-labelledby="contact-next">
        <Heading id="contact-next">What happens next</Heading>
        <Steps>
          <li>
            <strong>{fill('We reply within {replyTime}')}</strong> on business days, from a person
            who builds agents, not a sales script.
          </li>
          <li>
            <strong>{fill('A free {consultation.freeMinutes}-minute call')}</strong> to understand
            the workflow, your data and what success looks like.
          </li>
          <li>
            <strong>A written proposal</strong> with scope, a fixed quote and a timeline you can
            plan around.
          </li>
        </Steps>
      </Block>
    </Aside>
  );
}
