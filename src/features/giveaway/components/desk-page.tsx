import { navigate } from 'gatsby-link';
import type { Participant } from '@site/contracts';
import React, { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { useSession } from '@/features/auth';
import { apiBaseUrl } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { useArchiveGiveaway } from '../api/archive-giveaway';
import { useDeleteGiveaway } from '../api/delete-giveaway';
import { useDisqualify } from '../api/disqualify';
import { useGiveaway } from '../api/get-giveaway';
import { useParticipants } from '../api/get-participants';
import { setPageTitle } from '../document-title';
import { serverSentence } from '../error-message';
import { entriesLabel, phaseSentence } from '../states';
import { DetailCard, DetailCardTitle, DetailNote } from './detail-card';
import { CHART_DAYS, EntriesChart, entriesPerDay } from './entries-chart';
import { MessagePage } from './message-panel';
import { Subpage } from './subpage';

const TableWrap = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  ${({ theme }) => theme.media.sm} {
    overflow-x: auto;
  }
`;

/**
 * On a phone each entrant is a block of labelled lines (the labels come from data-label), with a
 * checkbox large enough to tap; from 640 px up it is a table row.
 */
const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  th,
  td {
    padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
    text-align: left;
    vertical-align: top;
  }

  th {
    background: ${({ theme }) => theme.colors.surface};
    white-space: nowrap;
  }

  td {
    overflow-wrap: anywhere;
  }

  /* Short values (a weight, a count, a word) stay whole. */
  td[data-short] {
    white-space: nowrap;
  }

  input[type='checkbox'] {
    width: 1.25rem;
    height: 1.25rem;
    margin: 0;
  }

  @media (max-width: 639.98px) {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }

    tbody,
    tr,
    td {
      display: block;
    }

    tr {
      position: relative;
      padding: ${({ theme }) => theme.space[2]} 0;
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }

    tr:last-child {
      border-bottom: 0;
    }

    td {
      padding: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[3]};
      padding-right: 3.25rem;
    }

    td[data-label]::before {
      content: attr(data-label) ': ';
      color: ${({ theme }) => theme.colors.textMuted};
      font-weight: 600;
    }

    /* The checkbox sits at the top right of its entrant, in a 44 px target. */
    td[data-select] {
      position: absolute;
      top: ${({ theme }) => theme.space[1]};
      right: 0;
      padding: 0;
    }

    td[data-select] label {
      display: flex;
      align-items: center;
      justify-content: center;
      width: 2.75rem;
      height: 2.75rem;
    }
  }

  ${({ theme }) => theme.media.sm} {
    th,
    td {
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }
  }

  tr[data-disqualified='true'] td {
    color: ${({ theme }) => theme.colors.textMuted};
    text-decoration: line-through;
  }

  tr[data-disqualified='true'] td:last-child {
    text-decoration: none;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
`;

/**
 * "On entry" where the entry counted as confirmed when it was made (no confirmation step), the
 * moment of confirmation where its link was followed later, or "Unconfirmed".
 */
function confirmationText(p: Participant): string {
  if (!p.confirmed_at) return 'Unconfirmed';
  return p.confirmed_at === p.created_at ? 'On entry' : formatDateTime(p.confirmed_at);
}

/** "3 (2 bonus)" for an entry with bonus entries, "1" for one without. */
function weightText(p: Participant): string {
  return p.bonus_entries > 0 ? `${p.weight} (${p.bonus_entries} bonus)` : String(p.weight);
}

/** /giveaway/{id}/desk: the owner's desk (admins only). */
export function DeskPage({ id }: { id: string }) {
  const { isAdmin } = useSession();
  useEffect(() => setPageTitle('Giveaway Desk'), []);
  if (!isAdmin) {
    return (
      <MessagePage
        title="Access Denied"
        text="You need admin privileges to access this page."
        action={<ButtonLink to={`/giveaway/${id}`}>Back to the Giveaway</ButtonLink>}
      />
    );
  }
  return <Desk id={id} />;
}

function Desk({ id }: { id: string }) {
  const { toast } = useToast();
  const { data: giveawayData, refetch: refetchGiveaway } = useGiveaway(id);
  const giveaway = giveawayData?.giveaway ?? null;
  const { data, loading, error, refetch } = useParticipants(id);
  const [disqualify] = useDisqualify();
  const [archive] = useArchiveGiveaway();
  const [deleteGiveaway] = useDeleteGiveaway();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [typedTitle, setTypedTitle] = useState('');

  const entrants = useMemo(() => data?.participants ?? [], [data]);
  const visible = useMemo(() => {
    const needle = search.trim().toLowerCase().replace(/^@/, '');
    if (!needle) return entrants;
    return entrants.filter(
      (p) =>
        p.email.toLowerCase().includes(needle) || p.instagram_handle.toLowerCase().includes(needle),
    );
  }, [entrants, search]);
  const days = useMemo(() => entriesPerDay(entrants), [entrants]);
  const locked = Boolean(giveaway?.frozen) || (giveaway?.draws.length ?? 0) > 0;
  const active = entrants.filter((p) => !p.disqualified_at).length;

  const toggle = (pid: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(pid)) next.delete(pid);
      else next.add(pid);
      return next;
    });

  const submitDisqualify = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setReasonError('Please give the reason; it is published with the number removed.');
      return;
    }
    setReasonError(undefined);
    setBusy(true);
    try {
      const { data: answer } = await disqualify({
        variables: { id, input: { participant_ids: [...selected], reason: reason.trim() } },
      });
      toast({ title: 'Success', description: answer?.disqualify?.message ?? 'Disqualified.' });
      setSelected(new Set());
      setReason('');
      await Promise.all([refetch(), refetchGiveaway()]);
    } catch (cause) {
      toast({
        title: 'Error',
        description: serverSentence(cause, 'Failed to disqualify'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  const setArchived = async (archived: boolean) => {
    setBusy(true);
    try {
      const { data: answer } = await archive({ variables: { id, input: { archived } } });
      toast({ title: 'Success', description: answer?.archiveGiveaway?.message ?? 'Saved.' });
      await refetchGiveaway();
    } catch (cause) {
      toast({
        title: 'Error',
        description: serverSentence(cause, 'Failed to update giveaway'),
        variant: 'destructive',
      });
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
      toast({
        title: 'Error',
        description: serverSentence(cause, 'Failed to delete giveaway'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  const csvHref = `${apiBaseUrl()}/giveaway/${id}/participants.csv`;

  return (
    <Subpage giveawayId={id} title="Giveaway Desk" lead={giveaway?.title}>
      {giveaway ? <DetailNote>{phaseSentence(giveaway)}</DetailNote> : null}

      <DetailCard aria-labelledby="entrants-title">
        <DetailCardTitle id="entrants-title">
          Entrants ({entriesLabel(active)} in the draw)
        </DetailCardTitle>
        <Row>
          <Field label="Search by e-mail or handle">
            <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
          </Field>
          <a href={csvHref} download>
            Export CSV
          </a>
        </Row>
        {loading && !data ? <Spinner label="Loading entrants..." /> : null}
        {error ? (
          <Alert variant="error" title="Could not load the entrants">
            {serverSentence(error, 'Failed to fetch participants')}
          </Alert>
        ) : null}
        {data ? (
          <TableWrap>
            <Table>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="sr-only">Select</span>
                  </th>
                  <th scope="col">Entered</th>
                  <th scope="col">Handle</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Weight</th>
                  <th scope="col">Referrals</th>
                  <th scope="col">Source</th>
                  <th scope="col">Confirmed</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {visible.map((p) => (
                  <tr key={p.id} data-disqualified={p.disqualified_at ? 'true' : 'false'}>
                    <td data-select>
                      <label>
                        <input
                          type="checkbox"
                          aria-label={`Select @${p.instagram_handle}`}
                          checked={selected.has(p.id)}
                          disabled={locked || Boolean(p.disqualified_at)}
                          onChange={() => toggle(p.id)}
                        />
                      </label>
                    </td>
                    <td data-label="Entered">{formatDateTime(p.created_at)}</td>
                    <td data-label="Handle">@{p.instagram_handle}</td>
                    <td data-label="E-mail">{p.email}</td>
                    <td data-label="Weight" data-short>
                      {weightText(p)}
                    </td>
                    <td data-label="Referrals" data-short>
                      {p.referrals}
                    </td>
                    <td data-label="Source" data-short>
                      {p.source === 'referral' ? 'Referral' : 'Direct'}
                    </td>
                    <td
                      data-label="Confirmed"
                      data-short={!p.confirmed_at || p.confirmed_at === p.created_at || undefined}
                    >
                      {confirmationText(p)}
                    </td>
                    <td data-label="Status">
                      {p.disqualified_at ? `Disqualified: ${p.disqualified_reason ?? ''}` : 'In'}
                    </td>
                  </tr>
                ))}
                {visible.length === 0 ? (
                  <tr>
                    <td colSpan={9}>
                      {search ? 'No entrant matches.' : 'Nobody has entered yet.'}
                    </td>
                  </tr>
                ) : null}
              </tbody>
            </Table>
          </TableWrap>
        ) : null}
        {locked ? (
          <DetailNote>
            The entry list is frozen, so entries can no longer be removed. To remove the winner, use
            &quot;Disqualify the winner and draw again now&quot; on the giveaway page.
          </DetailNote>
        ) : (
          <form onSubmit={(e) => void submitDisqualify(e)} noValidate aria-label="Disqualify">
            <Field
              label="Reason for disqualifying the selected entries"
              required
              error={reasonError}
              hint="Published on the giveaway page with the number removed; nobody is named."
            >
              <Textarea
                rows={2}
                maxLength={500}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </Field>
            <Button type="submit" variant="danger" disabled={busy || selected.size === 0}>
              Disqualify {selected.size === 0 ? 'selected' : entriesLabel(selected.size)}
            </Button>
          </form>
        )}
      </DetailCard>

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
