import React from 'react';
import styled from 'styled-components';
import { Container } from '@/components/ui/container';

const Outer = styled.section`
  padding-block: ${({ theme }) => theme.space[16]};
`;

const Panel = styled.div`
  max-width: 560px;
  margin-inline: auto;
  padding: ${({ theme }) => theme.space[10]} ${({ theme }) => theme.space[6]};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  text-align: center;
`;

const Title = styled.h1`
  margin-bottom: ${({ theme }) => theme.space[3]};
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
`;

const Text = styled.p`
  margin-bottom: 0;
  color: ${({ theme }) => theme.colors.textMuted};

  & + * {
    margin-top: ${({ theme }) => theme.space[6]};
  }
`;

export interface MessagePanelProps {
  title: string;
  text: string;
  /** Usually one button or link. */
  action?: React.ReactNode;
  /** The heading level: h1 when the panel is the whole page, h2 inside a page with its own h1. */
  as?: 'h1' | 'h2';
}

/** A centred message with an action: empty lists, not found, access denied. */
export function MessagePanel({ title, text, action, as = 'h1' }: MessagePanelProps) {
  return (
    <Panel>
      <Title as={as}>{title}</Title>
      <Text>{text}</Text>
      {action}
    </Panel>
  );
}

/** A MessagePanel as the whole page. */
export function MessagePage(props: MessagePanelProps) {
  return (
    <Outer>
      <Container>
        <MessagePanel {...props} />
      </Container>
    </Outer>
  );
}

/**
 * An admin-only page: its content for an admin, otherwise the whole page says access is denied
 * and offers `back` (a way out to a page everyone may see).
 */
export function AdminOnlyPage({
  isAdmin,
  back,
  children,
}: {
  isAdmin: boolean;
  back: React.ReactNode;
  children: React.ReactNode;
}) {
  if (isAdmin) return <>{children}</>;
  return (
    <MessagePage
      title="Access Denied"
      text="You need admin privileges to access this page."
      action={back}
    />
  );
}
