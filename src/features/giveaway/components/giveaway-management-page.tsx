import React, { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button, ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { useSession } from '@/features/auth';
import { useArchiveGiveaway } from '../api/archive-giveaway';
import { useDeleteGiveaway } from '../api/delete-giveaway';
import { useGiveaways } from '../api/get-giveaways';
import type { GiveawayWithId } from '../api/giveaway-fields';
import { failureToast } from '../error-message';
import { formatDay, formatDayRange } from '@site/contracts/dates';
import { participantsLabel } from '../format';
import { useGiveawaysWithId } from '../use-giveaways-with-id';
import { FactList, ParticipantCount } from './card-parts';
import { GiveawayFormDialog } from './giveaway-form-dialog';
import { GiveawayGrid } from './giveaway-listing';
import { UsersIcon } from '@/components/icons';
import { AdminOnlyPage, MessagePanel } from './message-panel';
import { Badge } from '@/components/ui/badge';
import { StatusBadge } from './status-badge';
import { counted } from '@/lib/format-number';
import { Alert } from '@/components/ui/alert';
import { useMailStatus } from '../use-mail-status';
import { claimLines } from '../owner-claims';
import { gridList, headingRow, spreadRow } from '@/styles/layout';

export const DELETE_CONFIRMATION =
  'Are you sure you want to delete this giveaway? This action cannot be undone.';

const Header = styled.section`
  padding-block: ${({ theme }) => theme.space[10]} ${({ theme }) => theme.space[8]};
  background: ${({ theme }) => theme.gradients.soft};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const HeaderRow = styled.div`
  ${headingRow}

  h1 {
    margin-bottom: ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Listing = styled.div`
  padding-block: ${({ theme }) => theme.space[8]} ${({ theme }) => theme.space[16]};
`;

const Card = styled.article`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[6]};
  background: ${({ theme }) => theme.colors.bg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
`;

const CardTop = styled.div`
  /* A long badge ("Winner Selected · Drawn Again") goes under the title on a narrow screen. */
  ${spreadRow('flex-start', 3)}

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const CardActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space[2]};
`;

const Claims = styled.section`
  h3 {
    margin: 0 0 ${({ theme }) => theme.space[1]};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }

  ul {
    ${gridList(1)}
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }

  li {
    overflow-wrap: anywhere;
  }

  li > span:first-child {
    font-weight: 600;
  }
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
`;

interface ManageCardProps {
  giveaway: GiveawayWithId;
  /** False when no mail server is configured: confirmation by e-mail cannot work. */
  mailAvailable: boolean | null;
  onEdit: (giveaway: GiveawayWithId) => void;
  onDelete: (giveaway: GiveawayWithId) => void;
  onArchive: (giveaway: GiveawayWithId, archived: boolean) => void;
  busy: boolean;
}

/** Drawn giveaways keep their public record: they can be archived, never deleted. */
const isDrawn = (giveaway: GiveawayWithId) =>
  giveaway.draws.length > 0 || giveaway.winner_id != null;

function ManageCard({
  giveaway,
  mailAvailable,
  onEdit,
  onDelete,
  onArchive,
  busy,
}: ManageCardProps) {
  const titleId = `manage-giveaway-${giveaway.id}`;
  const drawn = isDrawn(giveaway);
  const confirmWithoutMail =
    mailAvailable === false && giveaway.confirm_entries && !drawn && !giveaway.frozen;
  return (
    <Card aria-labelledby={titleId}>
      <CardTop>
        <h2 id={titleId}>{giveaway.title}</h2>
        <Badges>
          {giveaway.archived ? <Badge $variant="neutral">Archived</Badge> : null}
          <StatusBadge giveaway={giveaway} />
        </Badges>
      </CardTop>
      <ParticipantCount>
        <UsersIcon size={18} />
        {participantsLabel(giveaway.participant_count)}
      </ParticipantCount>
      <Muted>{giveaway.description}</Muted>
      {confirmWithoutMail ? (
        <Alert variant="warning" title="Entries are refused: no mail server">
          This giveaway asks entrants to confirm by e-mail, and this site has no mail server
          configured, so entries are refused until one is set up or confirmation is switched off
          (Edit).
        </Alert>
      ) : null}
      <FactList>
        <dt>Prize</dt>
        <dd>{giveaway.prize}</dd>
        <dt>Runs</dt>
        <dd>
          {giveaway.end_date
            ? formatDayRange(giveaway.start_date, giveaway.end_date)
            : `From ${formatDay(giveaway.start_date)}, no end date`}
        </dd>
        <dt>Max</dt>
        <dd>
          {giveaway.max_participants
            ? counted(giveaway.max_participants, 'participant')
            : 'Unlimited'}
        </dd>
      </FactList>
      {giveaway.claims && giveaway.claims.length > 0 ? (
        <Claims aria-labelledby={`${titleId}-claims`} data-testid="owner-claims">
          <h3 id={`${titleId}-claims`}>Claims</h3>
          <ul>
            {claimLines(giveaway.claims, giveaway.winner_count ?? 1).map((line) => (
              <li key={line.key} data-state={line.state}>
                <span>{line.who}</span> {line.text}
              </li>
            ))}
          </ul>
        </Claims>
      ) : null}
      <CardActions>
        <ButtonLink
          to={`/giveaway/${giveaway.id}`}
          variant="secondary"
          size="sm"
          aria-describedby={titleId}
        >
          View
        </ButtonLink>
        <ButtonLink
          to={`/giveaway/${giveaway.id}/desk`}
          variant="secondary"
          size="sm"
          aria-describedby={titleId}
        >
          Desk
        </ButtonLink>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onEdit(giveaway)}
          aria-describedby={titleId}
        >
          Edit
        </Button>
        {drawn || giveaway.archived ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onArchive(giveaway, !giveaway.archived)}
            disabled={busy}
            aria-describedby={titleId}
          >
            {giveaway.archived ? 'Unarchive' : 'Archive'}
          </Button>
        ) : null}
        {!drawn ? (
          <Button
            variant="danger"
            size="sm"
            onClick={() => onDelete(giveaway)}
            disabled={busy}
            aria-describedby={titleId}
          >
            Delete
          </Button>
        ) : null}
      </CardActions>
    </Card>
  );
}

function AdminGiveaways() {
  const { toast } = useToast();
  const { data, loading, error, refetch } = useGiveaways();
  const giveaways = useGiveawaysWithId(data?.giveaways);
  const mailAvailable = useMailStatus();
  const [deleteGiveaway] = useDeleteGiveaway();
  const [archiveGiveaway] = useArchiveGiveaway();
  const [dialog, setDialog] = useState<{ open: boolean; giveaway: GiveawayWithId | null }>({
    open: false,
    giveaway: null,
  });
  const [busyId, setBusyId] = useState<number | null>(null);

  useEffect(() => {
    if (error)
      toast({ title: 'Error', description: 'Failed to load giveaways', variant: 'destructive' });
  }, [error, toast]);

  const openCreate = () => setDialog({ open: true, giveaway: null });
  const openEdit = (giveaway: GiveawayWithId) => setDialog({ open: true, giveaway });

  const remove = async (giveaway: GiveawayWithId) => {
    if (!window.confirm(DELETE_CONFIRMATION)) return;
    setBusyId(giveaway.id);
    try {
      const { data: result } = await deleteGiveaway({ variables: { id: String(giveaway.id) } });
      const answer = result?.deleteGiveaway;
      if (answer?.success) {
        toast({ title: 'Success', description: 'Giveaway deleted successfully' });
      } else {
        toast({
          title: 'Error',
          description: answer?.message || 'Failed to delete giveaway',
          variant: 'destructive',
        });
      }
    } catch (cause) {
      toast(failureToast(cause, 'Failed to delete giveaway'));
    } finally {
      setBusyId(null);
    }
  };

  const archive = async (giveaway: GiveawayWithId, archived: boolean) => {
    setBusyId(giveaway.id);
    try {
      const { data: result } = await archiveGiveaway({
        variables: { id: String(giveaway.id), input: { archived } },
      });
      toast({ title: 'Success', description: result?.archiveGiveaway?.message ?? 'Saved' });
      await refetch();
    } catch (cause) {
      toast(failureToast(cause, 'Failed to update giveaway'));
    } finally {
      setBusyId(null);
    }
  };

  return (
    <>
      <Header>
        <Container>
          <HeaderRow>
            <div>
              <h1>Manage Giveaways</h1>
              <p>Create, edit, and manage your giveaways</p>
              {mailAvailable === false ? (
                <p data-testid="no-mail-note">
                  No mail server is configured: receipts are not mailed, and confirmation by e-mail
                  cannot be switched on.
                </p>
              ) : null}
            </div>
            <Button onClick={openCreate}>Create Giveaway</Button>
          </HeaderRow>
        </Container>
      </Header>
      <Container>
        <Listing>
          {loading && !data ? (
            <Spinner label="Loading giveaways..." />
          ) : giveaways.length === 0 ? (
            <MessagePanel
              as="h2"
              title="No giveaways yet"
              text="Create your first giveaway to get started!"
              action={<Button onClick={openCreate}>Create First Giveaway</Button>}
            />
          ) : (
            <GiveawayGrid $columns={2}>
              {giveaways.map((giveaway) => (
                <li key={giveaway.id}>
                  <ManageCard
                    giveaway={giveaway}
                    mailAvailable={mailAvailable}
                    onEdit={openEdit}
                    onDelete={(item) => void remove(item)}
                    onArchive={(item, archived) => void archive(item, archived)}
                    busy={busyId === giveaway.id}
                  />
                </li>
              ))}
            </GiveawayGrid>
          )}
        </Listing>
      </Container>
      <GiveawayFormDialog
        open={dialog.open}
        giveaway={dialog.giveaway}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
    </>
  );
}

/** /giveaway/admin: admins manage giveaways; everyone else is told they cannot. */
export function GiveawayManagementPage() {
  const { isAdmin, ready } = useSession();
  if (!ready) return <Spinner label="Loading giveaways..." />;
  return (
    <AdminOnlyPage
      isAdmin={isAdmin}
      back={<ButtonLink to="/giveaway">Back to Giveaways</ButtonLink>}
    >
      <AdminGiveaways />
    </AdminOnlyPage>
  );
}
