import { navigate } from 'gatsby-link';
import React, { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { Button, ButtonLink } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { useSession } from '@/features/auth';
import { useArchiveGiveaway } from '../api/archive-giveaway';
import { useDeleteGiveaway } from '../api/delete-giveaway';
import { useGiveaway } from '../api/get-giveaway';
import { useParticipants } from '../api/get-participants';
import { setPageTitle } from '../document-title';
import { failureToast } from '../error-message';
import { entriesLabel, phaseSentence } from '../states';
import { DetailCard, DetailCardTitle, DetailNote } from './detail-card';
import { EntrantsCard } from './desk-entrants';
import { CHART_DAYS, EntriesChart, entriesPerDay } from './entries-chart';
import { HandleReportsCard } from './handle-reports-card';
import { AdminOnlyPage } from './message-panel';
import { ReferralTreeCard } from './referral-tree';
import { ResultsMailCard } from './results-mail-card';
import { Subpage } from './subpage';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
`;

/** /giveaway/{id}/desk: the owner's desk (admins only). */
export function DeskPage({ id }: { id: string }) {
  const { isAdmin } = useSession();
  useEffect(() => setPageTitle('Giveaway Desk'), []);
  return (
    <AdminOnlyPage
      isAdmin={isAdmin}
      back={<ButtonLink to={`/giveaway/${id}`}>Back to the Giveaway</ButtonLink>}
    >
      <Desk id={id} />
    </AdminOnlyPage>
  );
}

function Desk({ id }: { id: string }) {
  const { toast } = useToast();
  const { data: giveawayData, refetch: refetchGiveaway } = useGiveaway(id);
  const giveaway = giveawayData?.giveaway ?? null;
  const { data, loading, error, refetch } = useParticipants(id);
  const [archive] = useArchiveGiveaway();
  const [deleteGiveaway] = useDeleteGiveaway();
  const [busy, setBusy] = useState(false);
  const [typedTitle, setTypedTitle] = useState('');

  const entrants = useMemo(() => data?.participants ?? [], [data]);
  const days = useMemo(() => entriesPerDay(entrants), [entrants]);
  const setArchived = async (archived: boolean) => {
    setBusy(true);
    try {
      const { data: answer } = await archive({ variables: { id, input: { archived } } });
      toast({ title: 'Success', description: answer?.archiveGiveaway?.message ?? 'Saved.' });
      await refetchGiveaway();
    } catch (cause) {
      toast(failureToast(cause, 'Failed to update giveaway'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { data: answer } = await deleteGiveaway({
        variables: { id, input: { confirm_title: typedTitle } },
      });
      toast({
        title: 'Success',
        description: answer?.deleteGiveaway?.message ?? 'Giveaway deleted successfully',
      });
      void navigate('/giveaway/admin');
    } catch (cause) {
      toast(failureToast(cause, 'Failed to delete giveaway'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Subpage giveawayId={id} title="Giveaway Desk" lead={giveaway?.title} wide>
      {giveaway ? <DetailNote>{phaseSentence(giveaway)}</DetailNote> : null}

      <EntrantsCard
        id={id}
        giveaway={giveaway}
        entrants={entrants}
        loaded={Boolean(data)}
        loading={loading}
        error={error}
        onChanged={() => Promise.all([refetch(), refetchGiveaway()])}
      />

      <ReferralTreeCard entrants={entrants} />

      <ResultsMailCard id={id} />

      <HandleReportsCard id={id} />

      <DetailCard aria-labelledby="per-day-title">
        <DetailCardTitle id="per-day-title">Entries per day, by source</DetailCardTitle>
        {days.length === 0 ? (
          <DetailNote>No entries in the draw yet.</DetailNote>
        ) : (
          <>
            <EntriesChart days={days} />
            <DetailNote>
              Entries in the draw (confirmed, not disqualified) on your calendar; referral means the
              entrant came through another entrant&apos;s link.
              {days.length === CHART_DAYS ? ` The latest ${CHART_DAYS} days are shown.` : ''}
            </DetailNote>
          </>
        )}
      </DetailCard>

      {giveaway ? (
        <DetailCard aria-labelledby="archive-title">
          <DetailCardTitle id="archive-title">Archive or delete</DetailCardTitle>
          <DetailNote>
            Archiving hides the giveaway from the public list; its page, rules and draw record stay.
          </DetailNote>
          <Row>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => void setArchived(!giveaway.archived)}
            >
              {giveaway.archived ? 'Show in the list again' : 'Archive'}
            </Button>
          </Row>
          {giveaway.draws.length > 0 ? (
            <DetailNote>
              A drawn giveaway cannot be deleted: its draw record stays public.
            </DetailNote>
          ) : (
            <form onSubmit={(e) => void remove(e)} noValidate aria-label="Delete">
              <Field
                label={
                  entrants.length > 0
                    ? `Type the title to delete it with its ${entriesLabel(entrants.length)}`
                    : 'Type the title to delete it'
                }
                hint={`The title: ${giveaway.title}`}
              >
                <Input
                  value={typedTitle}
                  autoComplete="off"
                  onChange={(e) => setTypedTitle(e.target.value)}
                />
              </Field>
              <Button
                type="submit"
                variant="danger"
                disabled={busy || typedTitle.trim() !== giveaway.title.trim()}
              >
                Delete for good
              </Button>
            </form>
          )}
        </DetailCard>
      ) : null}
    </Subpage>
  );
}
