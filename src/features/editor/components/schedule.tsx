import { yupResolver } from '@hookform/resolvers/yup';
import type { DraftSchedule } from '@site/contracts';
import { Link } from 'gatsby-link';
import React, { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import * as yup from 'yup';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorToast, useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { formatMoment } from '@/lib/dates';
import { draftsApi } from '../api/drafts-api';
import { JobHead, JobList, Muted } from './publish-jobs';
import { wrappingRow } from '@/styles/layout';

/** How often a screen looks again while a scheduled time has come or is a minute away. */
export const SCHEDULE_POLL_MS = 5000;

const WALL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** "2026-12-01T09:30": the reading of a clock in `timeZone` at `at`, to the minute. */
export function wallTimeIn(timeZone: string, at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/** The next whole hour after the coming one on the site's clock: a time that is surely ahead. */
export function suggestedTime(timeZone: string, at: Date = new Date()): string {
  const wall = new Date(`${wallTimeIn(timeZone, at)}:00Z`);
  wall.setUTCHours(wall.getUTCHours() + 2, 0, 0, 0);
  return wall.toISOString().slice(0, 16);
}

/** "Dec 1, 2026, 11:30 AM GMT+1 (Europe/Berlin)": the moment on the site's clock, zone named. */
export function scheduledMoment(schedule: Pick<DraftSchedule, 'publish_at'>, timeZone: string) {
  return `${formatMoment(schedule.publish_at, timeZone)} (${timeZone})`;
}

/** What will happen, or what went wrong, for one scheduled draft. */
export function scheduleSentence(schedule: DraftSchedule, timeZone: string): string {
  const when = scheduledMoment(schedule, timeZone);
  if (schedule.status === 'failed') {
    return `Was due on ${when} but was not published: ${schedule.failure ?? 'the server refused it.'} It stays a draft; fix it and choose a new time.`;
  }
  if (schedule.status === 'publishing') return `Due on ${when}: it is being published now.`;
  return `Publishes itself on ${when}, as it is saved then (scheduled by ${schedule.scheduled_by}).`;
}

const schema = yup.object({
  when: yup
    .string()
    .required('Choose a date and a time.')
    .matches(WALL_TIME, 'Choose a date and a time.'),
});
type ScheduleValues = yup.InferType<typeof schema>;

interface ScheduleFormProps {
  draftId: number;
  timeZone: string;
  /** The schedule being moved, if any. */
  current: DraftSchedule | null;
  onDone: (schedule: DraftSchedule) => void;
  onCancel: () => void;
}

/** The date and time field (on the site's clock, its zone named) and the Schedule button. */
export function ScheduleForm({ draftId, timeZone, current, onDone, onCancel }: ScheduleFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ScheduleValues>({
    resolver: yupResolver(schema),
    defaultValues: { when: current?.local_time ?? suggestedTime(timeZone) },
  });

  const onSubmit = async (values: ScheduleValues) => {
    try {
      const answer = await draftsApi.setSchedule(draftId, values.when);
      if (answer.schedule) onDone(answer.schedule);
    } catch (cause) {
      setError('when', {
        message:
          cause instanceof ApiError || cause instanceof Error
            ? cause.message
            : 'The time could not be saved.',
      });
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Publish at">
      <Field
        label={`Date and time (${timeZone})`}
        required
        error={errors.when?.message}
        hint={`On the site's clock, ${timeZone}: it is now ${formatMoment(new Date().toISOString(), timeZone)}.`}
      >
        <Input type="datetime-local" min={wallTimeIn(timeZone)} {...register('when')} />
      </Field>
      <FormActions>
        <Button type="button" variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : current ? 'Move' : 'Schedule'}
        </Button>
      </FormActions>
    </form>
  );
}

/** The "Publish at…" dialog for one draft (`title`): sets or moves its time; closing cancels. */
export function ScheduleDialog({
  open,
  title,
  onClose,
  ...form
}: Omit<ScheduleFormProps, 'onCancel'> & { open: boolean; title: string; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={form.current ? 'Move the scheduled publish' : 'Publish at a time'}
      description={`"${title || 'Untitled draft'}" stays a draft until then, seen by no visitor; within a minute after that time it is published as it is saved then.`}
    >
      {open ? <ScheduleForm {...form} onCancel={onClose} /> : null}
    </Dialog>
  );
}

/** Asks before a scheduled publish is cancelled; the draft stays. */
function CancelScheduleDialog({
  target,
  onClose,
  onDone,
}: {
  target: { draftId: number; title: string } | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await draftsApi.cancelSchedule(target.draftId);
      toast({ title: 'Scheduled publish cancelled', description: 'The draft stays in Drafts.' });
      onDone();
    } catch (cause) {
      toast(errorToast('Could not cancel the scheduled publish', cause));
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Dialog
      open={target !== null}
      onClose={() => (busy ? undefined : onClose())}
      title="Cancel the scheduled publish?"
      description={`"${target?.title || 'Untitled draft'}" will not be published by itself; it stays in Drafts.`}
    >
      <FormActions>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Keep it
        </Button>
        <Button variant="danger" onClick={() => void cancel()} disabled={busy}>
          Cancel publish
        </Button>
      </FormActions>
    </Dialog>
  );
}

/** True while a schedule's time is a minute away or has come: worth looking again soon. */
function dueSoon(items: readonly DraftSchedule[], now = Date.now()): boolean {
  return items.some((item) => Date.parse(item.publish_at) - now < 60_000);
}

/**
 * The editor's "Publish at…" beside Publish: the dialog to set a time, and once set the sentence
 * saying when the draft publishes itself, with Move and Cancel. When the time has come and the
 * draft has been published, it says so.
 */
export function EditorSchedule({
  draftId,
  title,
  blocker,
}: {
  draftId: number | null;
  title: string;
  /** Why the draft cannot be published now (the same reason disables Publish). */
  blocker: string | null;
}) {
  const [timeZone, setTimeZone] = useState<string | null>(null);
  const [schedule, setSchedule] = useState<DraftSchedule | null>(null);
  const [published, setPublished] = useState(false);
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  const load = useCallback(() => {
    if (!draftId) return;
    draftsApi
      .schedule(draftId)
      .then((answer) => {
        setTimeZone(answer.time_zone);
        setSchedule(answer.schedule);
      })
      .catch((cause: unknown) => {
        // The draft is gone: published at its time (or deleted elsewhere).
        if (cause instanceof ApiError && cause.status === 404) setPublished(true);
      });
  }, [draftId]);
  useEffect(load, [load]);

  const waiting = schedule !== null && schedule.status !== 'failed';
  const soon = waiting && dueSoon([schedule]);
  useEffect(() => {
    if (!soon) return undefined;
    const timer = setInterval(load, SCHEDULE_POLL_MS);
    return () => clearInterval(timer);
  }, [soon, load]);

  if (!draftId) return null;
  if (published && schedule) {
    return (
      <Alert variant="success" title="Published at its scheduled time">
        The draft has left Drafts; follow the site update under Publishing in{' '}
        <Link to="/admin/drafts">Drafts</Link>.
      </Alert>
    );
  }
  return (
    <ScheduleBox>
      {schedule && timeZone ? (
        <>
          <Badge $variant={schedule.status === 'failed' ? 'danger' : 'info'}>
            {schedule.status === 'failed' ? 'Not published' : 'Scheduled'}
          </Badge>
          <Muted id="schedule-sentence">{scheduleSentence(schedule, timeZone)}</Muted>
          <FormActions>
            <Button
              size="sm"
              variant="secondary"
              disabled={blocker !== null || schedule.status === 'publishing'}
              onClick={() => setEditing(true)}
            >
              Move
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={schedule.status === 'publishing'}
              onClick={() => setCancelling(true)}
            >
              Cancel schedule
            </Button>
          </FormActions>
        </>
      ) : (
        <Button
          variant="secondary"
          disabled={blocker !== null || !timeZone}
          aria-describedby={blocker ? 'publish-blocker' : undefined}
          onClick={() => setEditing(true)}
        >
          Publish at…
        </Button>
      )}
      {timeZone ? (
        <ScheduleDialog
          open={editing}
          draftId={draftId}
          title={title}
          timeZone={timeZone}
          current={schedule}
          onClose={() => setEditing(false)}
          onDone={(next) => {
            setSchedule(next);
            setEditing(false);
          }}
        />
      ) : null}
      <CancelScheduleDialog
        target={cancelling ? { draftId, title } : null}
        onClose={() => setCancelling(false)}
        onDone={() => setSchedule(null)}
      />
    </ScheduleBox>
  );
}

/**
 * The Drafts screen's Scheduled section: every draft waiting to publish itself, soonest first,
 * with its time on the site's clock, Move and Cancel. Looks again every few seconds while a time
 * is near, and calls `onChanged` when one went out (so Publishing and Drafts reload).
 */
export function ScheduledSection({
  onChanged,
  onLoaded,
}: {
  onChanged: () => void;
  /** Every load's answer, for screens that mark scheduled drafts elsewhere. */
  onLoaded?: (items: DraftSchedule[], timeZone: string) => void;
}) {
  const [items, setItems] = useState<DraftSchedule[] | null>(null);
  const [timeZone, setTimeZone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [moving, setMoving] = useState<DraftSchedule | null>(null);
  const [cancelling, setCancelling] = useState<DraftSchedule | null>(null);
  const onChangedRef = useRef(onChanged);
  onChangedRef.current = onChanged;
  const onLoadedRef = useRef(onLoaded);
  onLoadedRef.current = onLoaded;
  const known = useRef<string | null>(null);

  const load = useCallback(() => {
    draftsApi
      .scheduled()
      .then((answer) => {
        setError(null);
        setTimeZone(answer.time_zone);
        setItems(answer.items);
        onLoadedRef.current?.(answer.items, answer.time_zone);
        const ids = answer.items.map((item) => `${item.draft_id}:${item.status}`).join(',');
        if (known.current !== null && known.current !== ids) onChangedRef.current();
        known.current = ids;
      })
      .catch((cause: unknown) =>
        setError(cause instanceof Error ? cause.message : 'The schedule could not be loaded.'),
      );
  }, []);
  useEffect(load, [load]);

  const soon = dueSoon((items ?? []).filter((item) => item.status !== 'failed'));
  useEffect(() => {
    if (!soon) return undefined;
    const timer = setInterval(load, SCHEDULE_POLL_MS);
    return () => clearInterval(timer);
  }, [soon, load]);

  let content: React.ReactNode;
  if (error && !items) {
    content = (
      <Alert variant="error" title="Could not load the scheduled drafts">
        {error}{' '}
        <Button size="sm" variant="secondary" onClick={load}>
          Try again
        </Button>
      </Alert>
    );
  } else if (!items) {
    content = <Spinner label="Loading scheduled drafts..." />;
  } else if (items.length === 0) {
    content = (
      <Muted>
        Nothing is scheduled. Open a draft and choose <strong>Publish at…</strong> to publish it at
        a set time.
      </Muted>
    );
  } else {
    content = (
      <JobList>
        {items.map((item) => {
          const title = item.title || 'Untitled draft';
          return (
            <li key={item.draft_id}>
              <JobHead>
                <Badge $variant={item.status === 'failed' ? 'danger' : 'info'}>
                  {item.status === 'failed'
                    ? 'Not published'
                    : item.status === 'publishing'
                      ? 'Publishing'
                      : 'Scheduled'}
                </Badge>
                <strong>
                  <Link to={`/admin/drafts/${item.draft_id}`}>{title}</Link>
                </strong>
                <span>/blog/{item.replaces_slug ?? item.slug}</span>
              </JobHead>
              <Time dateTime={item.publish_at}>{scheduledMoment(item, timeZone)}</Time>
              <Muted>{scheduleSentence(item, timeZone)}</Muted>
              <FormActions>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={item.status === 'publishing'}
                  onClick={() => setMoving(item)}
                  aria-label={`Move ${title}`}
                >
                  Move
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  disabled={item.status === 'publishing'}
                  onClick={() => setCancelling(item)}
                  aria-label={`Cancel the scheduled publish of ${title}`}
                >
                  Cancel
                </Button>
              </FormActions>
            </li>
          );
        })}
      </JobList>
    );
  }

  return (
    <section aria-labelledby="scheduled-heading">
      <h2 id="scheduled-heading">Scheduled</h2>
      <Lead>
        Drafts that publish themselves at a set time{timeZone ? ` (${timeZone} time)` : ''}; soonest
        first. Until then no visitor sees them.
      </Lead>
      {content}
      {moving ? (
        <ScheduleDialog
          open
          draftId={moving.draft_id}
          title={moving.title}
          timeZone={timeZone}
          current={moving}
          onClose={() => setMoving(null)}
          onDone={() => {
            setMoving(null);
            load();
          }}
        />
      ) : null}
      <CancelScheduleDialog
        target={cancelling ? { draftId: cancelling.draft_id, title: cancelling.title } : null}
        onClose={() => setCancelling(null)}
        onDone={load}
      />
    </section>
  );
}

const ScheduleBox = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
  justify-items: start;
  max-width: 22rem;
`;

const FormActions = styled.div`
  ${wrappingRow(2)}
`;

const Lead = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[4]};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Time = styled.time`
  font-weight: 600;
`;
