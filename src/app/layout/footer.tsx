import { Link } from 'gatsby-link';
import React from 'react';
import styled from 'styled-components';
import { ClockIcon, LogoMark, MailIcon, PhoneIcon } from '@/components/layout-icons';
import { Container } from '@/components/ui/container';
import { useSiteContent } from '@/components/use-site-content';
import { telHref } from '@/components/use-site-metadata';
import { FooterSignupIsland } from '@/features/newsletter';
import { gridList, wrappingList } from '@/styles/layout';
import { CONTACT_LINK, NAV_LINKS, type NavLink } from './nav-links';

/** The primary navigation but for the projects gallery, then the contact page. */
export const FOOTER_LINKS: readonly NavLink[] = [
  ...NAV_LINKS.filter((link) => link.to !== '/projects'),
  { to: CONTACT_LINK.to, label: 'Contact' },
];

const Outer = styled.footer`
  margin-top: auto;
  padding-block: ${({ theme }) => theme.space[16]} ${({ theme }) => theme.space[8]};
  background: ${({ theme }) => theme.colors.dark};
  color: ${({ theme }) => theme.colors.darkMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  a {
    color: ${({ theme }) => theme.colors.darkText};
    text-decoration: none;
  }

  a:hover {
    color: #ffffff;
    text-decoration: underline;
  }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space[10]} ${({ theme }) => theme.space[6]};

  /* On phones the blurb and contact column span both tracks; the two link lists sit side by side. */
  > :first-child,
  > :last-child {
    grid-column: 1 / -1;
  }

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: 1.6fr 1fr 1.2fr 1.3fr;

    > :first-child,
    > :last-child {
      grid-column: auto;
    }
  }
`;

const Brand = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin-bottom: ${({ theme }) => theme.space[4]};
  color: #ffffff;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 800;
`;

const Heading = styled.h2`
  margin-bottom: ${({ theme }) => theme.space[4]};
  color: #ffffff;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  letter-spacing: 0.08em;
  text-transform: uppercase;
`;

const List = styled.ul`
  ${gridList(2)}
`;

const ContactItem = styled.li`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2]};

  svg {
    flex-shrink: 0;
    margin-top: 0.15rem;
    color: #a5b4fc;
  }
`;

/** The legal pages, linked from every page. */
export const LEGAL_LINKS: readonly { to: string; label: string }[] = [
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
  { to: '/imprint', label: 'Imprint' },
];

const Signup = styled.div`
  max-width: 36rem;
  margin-top: ${({ theme }) => theme.space[10]};
`;

const Legal = styled.ul`
  ${wrappingList(4)}
`;

const Bottom = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: ${({ theme }) => theme.space[12]};
  padding-top: ${({ theme }) => theme.space[6]};
  border-top: 1px solid rgba(255, 255, 255, 0.12);

  p {
    margin: 0;
  }
`;

/** One of the footer's columns: a heading (`title`, its id `id`) over a list of `children`. */
function Column({
  as,
  id,
  title,
  children,
}: {
  as: 'nav' | 'section';
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  const Tag = as;
  return (
    <Tag aria-labelledby={id}>
      <Heading id={id}>{title}</Heading>
      <List>{children}</List>
    </Tag>
  );
}

export function Footer() {
  const { company, cards, fill } = useSiteContent();
  const { email, phone } = company;
  const year = new Date().getFullYear();

  return (
    <Outer>
      <Container>
        <Grid>
          <div>
            <Brand>
              <LogoMark size={28} />
              AgentWorks
            </Brand>
            <p>
              {fill(
                'We design, build and secure custom AI agents for businesses: agents that connect to your systems, follow your rules and take repetitive work off your team. Founded in {foundedYear}.',
              )}
            </p>
          </div>
          <Column as="nav" id="footer-quick-links" title="Quick links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </Column>
          <Column as="section" id="footer-services" title="Services">
            {cards.map((service) => (
              <li key={service.slug}>{service.name}</li>
            ))}
          </Column>
          <Column as="section" id="footer-contact" title="Get in touch">
            <ContactItem>
              <MailIcon size={18} />
              <a href={`mailto:${email}`}>{email}</a>
            </ContactItem>
            <ContactItem>
              <PhoneIcon size={18} />
              <a href={telHref(phone)}>{phone}</a>
            </ContactItem>
            <ContactItem>
              <ClockIcon size={18} />
              <span>{fill('Enquiries answered within {replyTime} on business days.')}</span>
            </ContactItem>
          </Column>
        </Grid>
        <Signup>
          <FooterSignupIsland />
        </Signup>
        <Bottom>
          <p>© {year} AgentWorks. All rights reserved.</p>
          <nav aria-label="Legal">
            <Legal>
              {LEGAL_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </Legal>
          </nav>
          <p>Custom AI agents for business.</p>
        </Bottom>
      </Container>
    </Outer>
  );
}
