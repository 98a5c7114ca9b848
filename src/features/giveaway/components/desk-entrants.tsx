import type { Participant } from '@site/contracts';
import React, { useMemo, useState } from 'react';
import styled from 'styled-components';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ColumnHeads } from '@/components/ui/column-heads';
import { Field, Input, Textarea } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { apiBaseUrl } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { useDisqualify } from '../api/disqualify';
import type { GiveawayItem } from '../api/giveaway-fields';
import { useReinstate } from '../api/reinstate';
import { FLAG_TEXT, flaggedInPlay, inDraw } from '../desk-flags';
import { failureToast, serverSentence } from '../error-message';
import { entriesLabel } from '../states';
import { DetailCard, DetailCardTitle, DetailNote } from './detail-card';

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

const Flags = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[1]};
`;

const StatusCell = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const Confirm = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radii.md};
`;

/**
 * "On entry" where the entry counted as confirmed when it was made (no confirmation step), the
 * moment of confirmation where its link was followed later, or "Unconfirmed".
 */
/** The table's columns after the one of checkboxes, in order. */
const COLUMNS = [
  'Entered',
  'Handle',
  'E-mail',
  'Weight',
  'Referrals',
  'Referred by',
  'Confirmed',
  'Flags',
  'Status',
] as const;

/** A short reason for disqualifying entries, read into the form's state. */
function ReasonField({
  label,
  hint,
  error,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} required error={error} hint={hint}>
      <Textarea rows={2} maxLength={500} value={value} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}

function confirmationText(p: Participant): string {
  if (!p.confirmed_at) return 'Unconfirmed';
  return p.confirmed_at === p.created_at ? 'On entry' : formatDateTime(p.confirmed_at);
}

/** "3 (2 bonus)" for an entry with bonus entries, "1" for one without. */
function weightText(p: Participant): string {
  return p.bonus_entries > 0 ? `${p.weight} (${p.bonus_entries} bonus)` : String(p.weight);
}

/** A list of handles for a sentence: "@a, @b and 3 more". */
function handlesText(list: readonly Participant[], shown = 5): string {
  const names = list.slice(0, shown).map((p) => `@${p.instagram_handle}`);
  const more = list.length - names.length;
  return more > 0 ? `${names.join(', ')} and ${more} more` : names.join(', ');
}

export interface EntrantsCardProps {
  id: string;
  giveaway: Pick<GiveawayItem, 'frozen' | 'draws'> | null;
  entrants: Participant[];
  /** Whether the list has been read (false while the first read is under way). */
  loaded: boolean;
  loading: boolean;
  error: unknown;
  /** Read the entrants and the giveaway again after a change. */
  onChanged: () => Promise<unknown>;
}

/**
 * The desk's entrants: the count in the draw, search, the table with who referred whom and the
 * fraud flags, disqualifying the selected entries or every flagged one (with a published reason,
 * the latter after a confirmation) and undoing a disqualification until the list is frozen.
 */
export function EntrantsCard({
  id,
  giveaway,
  entrants,
  loaded,
  loading,
  error,
  onChanged,
}: EntrantsCardProps) {
  const { toast } = useToast();
  const [disqualify] = useDisqualify();
  const [reinstate] = useReinstate();
  const [search, setSearch] = useState('');
  const [onlyFlagged, setOnlyFlagged] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [bulkReason, setBulkReason] = useState('');
  const [bulkError, setBulkError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const byId = useMemo(() => new Map(entrants.map((p) => [p.id, p])), [entrants]);
  const visible = useMemo(() => {
    const needle = search.trim().toLowerCase().replace(/^@/, '');
    return entrants.filter(
      (p) =>
        (!onlyFlagged || p.flags.length > 0) &&
        (!needle ||
          p.email.toLowerCase().includes(needle) ||
          p.instagram_handle.toLowerCase().includes(needle)),
    );
  }, [entrants, search, onlyFlagged]);
  const locked = Boolean(giveaway?.frozen) || (giveaway?.draws.length ?? 0) > 0;
  const counted = entrants.filter(inDraw).length;
  const flagged = flaggedInPlay(entrants);

  const toggle = (pid: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(pid)) next.delete(pid);
      else next.add(pid);
      return next;
    });

  const send = async (ids: number[], why: string) => {
    setBusy(true);
    try {
      const { data: answer } = await disqualify({
        variables: { id, input: { participant_ids: ids, reason: why } },
      });
      toast({ title: 'Success', description: answer?.disqualify?.message ?? 'Disqualified.' });
      setSelected(new Set());
      await onChanged();
      return true;
    } catch (cause) {
      toast(failureToast(cause, 'Failed to disqualify'));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const submitDisqualify = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setReasonError('Please give the reason; it is published with the number removed.');
      return;
    }
    setReasonError(undefined);
    if (await send([...selected], reason.trim())) setReason('');
  };

  const askBulk = (event: React.FormEvent) => {
    event.preventDefault();
    if (!bulkReason.trim()) {
      setBulkError('Please give the reason; it is published with the number removed.');
      return;
    }
    setBulkError(undefined);
    setConfirming(true);
  };

  const confirmBulk = async () => {
    if (
      await send(
        flagged.map((p) => p.id),
        bulkReason.trim(),
      )
    ) {
      setBulkReason('');
      setConfirming(false);
    }
  };

  const undo = async (p: Participant) => {
    setBusy(true);
    try {
      const { data: answer } = await reinstate({
        variables: { id, input: { participant_ids: [p.id] } },
      });
      toast({ title: 'Success', description: answer?.reinstate?.message ?? 'Reinstated.' });
      await onChanged();
    } catch (cause) {
      toast(failureToast(cause, 'Failed to reinstate'));
    } finally {
      setBusy(false);
    }
  };

  const csvHref = `${apiBaseUrl()}/giveaway/${id}/participants.csv`;

  return (
    <DetailCard aria-labelledby="entrants-title">
      <DetailCardTitle id="entrants-title">
        Entrants ({entriesLabel(counted)} in the draw)
      </DetailCardTitle>
      {entrants.length > counted ? (
        <DetailNote>
          {entriesLabel(entrants.length)} in all; only confirmed entries that are not disqualified
          are in the draw.
        </DetailNote>
      ) : null}
      <Row>
        <Field label="Search by e-mail or handle">
          <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </Field>
        <label>
          <input
            type="checkbox"
            checked={onlyFlagged}
            onChange={(e) => setOnlyFlagged(e.target.checked)}
          />{' '}
          Only flagged entries
        </label>
        <a href={csvHref} download>
          Export CSV
        </a>
      </Row>
      {loading && !loaded ? <Spinner label="Loading entrants..." /> : null}
      {error ? (
        <Alert variant="error" title="Could not load the entrants">
          {serverSentence(error, 'Failed to fetch participants')}
        </Alert>
      ) : null}
      {loaded ? (
        <TableWrap>
          <Table>
            <thead>
              <tr>
                <th scope="col">
                  <span className="sr-only">Select</span>
                </th>
                <ColumnHeads names={COLUMNS} />
              </tr>
            </thead>
            <tbody>
              {visible.map((p) => {
                const referrer = p.referred_by === null ? null : byId.get(p.referred_by);
                return (
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
                    <td data-label="Referred by">
                      {p.referred_by === null
                        ? 'Direct'
                        : referrer
                          ? `@${referrer.instagram_handle}`
                          : 'Referral'}
                    </td>
                    <td
                      data-label="Confirmed"
                      data-short={!p.confirmed_at || p.confirmed_at === p.created_at || undefined}
                    >
                      {confirmationText(p)}
                    </td>
                    <td data-label="Flags">
                      {p.flags.length === 0 ? (
                        'None'
                      ) : (
                        <Flags>
                          {p.flags.map((flag) => (
                            <Badge key={flag} $variant="warning" title={FLAG_TEXT[flag].meaning}>
                              {FLAG_TEXT[flag].label}
                            </Badge>
                          ))}
                        </Flags>
                      )}
                    </td>
                    <td data-label="Status" data-status>
                      {p.disqualified_at ? (
                        <StatusCell>
                          <span>Disqualified: {p.disqualified_reason ?? ''}</span>
                          {locked ? null : (
                            <Button
                              size="sm"
                              variant="secondary"
                              disabled={busy}
                              aria-label={`Reinstate @${p.instagram_handle}`}
                              onClick={() => void undo(p)}
                            >
                              Reinstate
                            </Button>
                          )}
                        </StatusCell>
                      ) : (
                        'In'
                      )}
                    </td>
                  </tr>
                );
              })}
              {visible.length === 0 ? (
                <tr>
                  <td colSpan={10}>
                    {search || onlyFlagged ? 'No entrant matches.' : 'Nobody has entered yet.'}
                  </td>
                </tr>
              ) : null}
            </tbody>
          </Table>
        </TableWrap>
      ) : null}
      {locked ? (
        <DetailNote>
          The entry list is frozen, so entries can no longer be removed or reinstated. To remove the
          winner, use &quot;Draw a place again&quot; in the presenter view.
        </DetailNote>
      ) : (
        <>
          <form onSubmit={(e) => void submitDisqualify(e)} noValidate aria-label="Disqualify">
            <ReasonField
              label="Reason for disqualifying the selected entries"
              error={reasonError}
              hint="Published on the giveaway page with the number removed; nobody is named. You can undo it until the entry list is frozen."
              value={reason}
              onChange={setReason}
            />
            <Button type="submit" variant="danger" disabled={busy || selected.size === 0}>
              Disqualify {selected.size === 0 ? 'selected' : entriesLabel(selected.size)}
            </Button>
          </form>
          {flagged.length > 0 ? (
            <form onSubmit={askBulk} noValidate aria-label="Disqualify flagged">
              <ReasonField
                label={`Reason for disqualifying all ${entriesLabel(flagged.length)} flagged`}
                error={bulkError}
                hint="Flags are hints, not proof: look at the entries first."
                value={bulkReason}
                onChange={(value) => {
                  setBulkReason(value);
                  setConfirming(false);
                }}
              />
              {confirming ? (
                <Confirm role="group" aria-label="Confirm disqualifying the flagged entries">
                  <p>
                    Disqualify {entriesLabel(flagged.length)} ({handlesText(flagged)})? They leave
                    the draw and the giveaway page says how many and why. You can reinstate them one
                    by one until the entry list is frozen.
                  </p>
                  <Row>
                    <Button variant="danger" disabled={busy} onClick={() => void confirmBulk()}>
                      Yes, disqualify {entriesLabel(flagged.length)}
                    </Button>
                    <Button variant="secondary" onClick={() => setConfirming(false)}>
                      Cancel
                    </Button>
                  </Row>
                </Confirm>
              ) : (
                <Button type="submit" variant="danger" disabled={busy}>
                  Disqualify flagged ({flagged.length})
                </Button>
              )}
            </form>
          ) : null}
        </>
      )}
    </DetailCard>
  );
}
