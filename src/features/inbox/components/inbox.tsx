import React, { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth';
import { IssueList } from '@/features/newsletter-issues';
import { EnquiryList } from './enquiry-list';
import { OutboxList } from './outbox-list';
import { PersonalData } from './personal-data';
import { SubscriberList } from './subscriber-list';
import { UnreadCount, UnreadProvider, unreadLabel, useUnread } from './unread';
import { AccessDenied, Lead, StaffPage, Title } from '@/features/staff';
import { scrollCue } from '@/styles/scroll-cue';

const TABS = [
  { key: 'enquiries', label: 'Enquiries', Panel: EnquiryList },
  { key: 'subscribers', label: 'Subscribers', Panel: SubscriberList },
  { key: 'issues', label: 'Newsletter issues', Panel: IssueList },
  { key: 'outbox', label: 'Outbox', Panel: OutboxList },
  { key: 'personal-data', label: 'Personal data', Panel: PersonalData },
] as const;

type TabKey = (typeof TABS)[number]['key'];

const TabList = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[1]};
  margin-bottom: ${({ theme }) => theme.space[6]};
  overflow-x: auto;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  ${scrollCue()}
`;

const Tab = styled.button`
  flex-shrink: 0;
  min-height: 2.75rem;
  padding: 0 ${({ theme }) => theme.space[3]};
  border: 0;
  border-bottom: 3px solid transparent;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 600;
  cursor: pointer;

  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }

  ${({ theme }) => theme.media.sm} {
    padding: 0 ${({ theme }) => theme.space[4]};
  }

  &[aria-selected='true'] {
    border-bottom-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primary};
  }
`;

function InboxTabs() {
  const { unread } = useUnread();
  const [active, setActive] = useState<TabKey>('enquiries');
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (key: TabKey) => `${baseId}-tab-${key}`;
  const panelId = (key: TabKey) => `${baseId}-panel-${key}`;

  // WAI-ARIA tabs with automatic activation: arrows, Home and End move and select.
  const onKeyDown = (event: React.KeyboardEvent, index: number) => {
    const last = TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = TABS[next];
    if (!tab) return;
    setActive(tab.key);
    tabRefs.current[next]?.focus();
  };

  const current = TABS.find((tab) => tab.key === active) ?? TABS[0];
  const { Panel } = current;

  return (
    <>
      <TabList role="tablist" aria-label="Inbox sections">
        {TABS.map((tab, index) => (
          <Tab
            key={tab.key}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(tab.key)}
            aria-selected={tab.key === active}
            aria-label={tab.key === 'enquiries' ? unreadLabel(tab.label, unread) : undefined}
            aria-controls={panelId(tab.key)}
            tabIndex={tab.key === active ? 0 : -1}
            onClick={(event) => {
              setActive(tab.key);
              // On a narrow screen the strip scrolls sideways: the chosen tab comes fully into
              // view instead of staying cut off at the edge (arrow keys focus it, which does so).
              event.currentTarget.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
            }}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
            {tab.key === 'enquiries' ? <UnreadCount count={unread} /> : null}
          </Tab>
        ))}
      </TabList>
      <div role="tabpanel" id={panelId(current.key)} aria-labelledby={tabId(current.key)}>
        <Panel />
      </div>
    </>
  );
}

/**
 * `/admin/inbox`: enquiries, confirmed subscribers, the mail outbox and personal-data requests
 * (export or erase by e-mail address), for admins only.
 */
export function Inbox() {
  const { ready, isAuthenticated, isAdmin } = useSession();

  let body: React.ReactNode;
  if (!ready) {
    body = <Spinner label="Checking access..." />;
  } else if (!isAuthenticated || !isAdmin) {
    body = (
      <AccessDenied text="You need admin privileges to view the inbox." login="Log in as admin" />
    );
  } else {
    body = (
      <>
        <Title>Inbox</Title>
        <Lead>
          Enquiries from the contact form, newsletter subscribers and issues, kept mail, and
          requests about personal data.
        </Lead>
        <UnreadProvider>
          <InboxTabs />
        </UnreadProvider>
      </>
    );
  }

  return <StaffPage>{body}</StaffPage>;
}
