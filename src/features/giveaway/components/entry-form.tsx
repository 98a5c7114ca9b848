import type { EntryResponse } from '@site/contracts';
import { isEmailAddress } from '@site/contracts/form-fields';
import { Link } from 'gatsby-link';
import React, { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { participate } from '../api/entrant';
import { failureToast, fieldErrorsOf } from '../error-message';
import { HandleReportForm, isHandleTaken, type TakenHandle } from './handle-report-form';
import { focusFirstProblem } from '../focus-first-problem';
import { useRefocusAfterBusy } from '../use-refocus-after-busy';
import { WebsiteHoneypot } from './website-honeypot';
import { CheckRow } from './check-row';

/** The form's values as typed (the rules version and the referral code are added on sending). */
export interface EntryValues {
  email: string;
  instagram_handle: string;
  accept_rules: boolean;
}

/** A message under each field that needs one. */
export type EntryErrors = Partial<Record<keyof EntryValues, string>>;

/**
 * What the server answered a form sent without script (or before the page's script ran): the
 * values as typed, the message under each field, and a message for the whole form (a duplicate,
 * a full, closed or paused giveaway).
 */
export interface EntryFormState {
  values: EntryValues;
  errors: EntryErrors;
  message?: string | null;
  /** The handle was refused as another entry's: the report form is shown, with its answer. */
  handle_taken?: boolean;
  reported?: string;
  report_error?: string;
}

/**
 * The form's own checks before sending, in its own words; the server makes the real ones (and
 * answers a form sent without script in its words, under the same fields).
 */
export function entryProblems(values: EntryValues, minAge: number): EntryErrors {
  const errors: EntryErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = 'Email is required';
  else if (!isEmailAddress(email)) errors.email = 'Please enter a valid email address';
  if (!values.instagram_handle.trim()) errors.instagram_handle = 'Instagram handle is required';
  if (!values.accept_rules)
    errors.accept_rules = `Please confirm that you have read the rules and are at least ${minAge}.`;
  return errors;
}

const RulesBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  margin-bottom: ${({ theme }) => theme.space[5]};
`;

const RequiredMark = styled.span`
  margin-left: 0.125rem;
  color: ${({ theme }) => theme.colors.danger};
`;

/** A refusal of the whole entry (a duplicate, a full, closed or paused giveaway). */
const FormAlert = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerBg};
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
`;

export interface EntryFormProps {
  giveawayId: string;
  /** The rules version shown; the server refuses the entry if the rules changed since. */
  rulesVersion: number;
  minAge: number;
  /** The referral code of the link the visitor arrived by, sent with the entry; null for none. */
  referralCode?: string | null;
  /** The server's answer to this form sent without script: typed values and messages kept. */
  initial?: EntryFormState | null;
  /** The part of the page that shows the entry once made: the success toast never covers it. */
  outcome?: () => Element | null;
  /** The entry was recorded: show its receipt and reload the giveaway. */
  onEntered: (entry: EntryResponse, handle: string) => void;
  /** The entry was refused: reload the giveaway (it may be full, closed or have new rules). */
  onRefused: () => void;
}

/** The site's address that enters a giveaway from this form sent as a page (no script). */
export const entryFormAction = (giveawayId: string) =>
  `/giveaway/${encodeURIComponent(giveawayId)}/enter`;

/**
 * "Enter the Giveaway": e-mail, Instagram handle and the unticked, required rules box. A real
 * form: without script (or before it runs) the browser posts it to the site, which enters the
 * visitor and answers with the page; with script it is sent to the API and answered in place.
 * The fields are uncontrolled, so what was typed before the script ran stays. The server does the
 * real checks and records which rules version was accepted.
 */
export function EntryForm(props: EntryFormProps) {
  // A refusal of the handle as another entry's offers the report form under the entry form.
  const served = props.initial?.handle_taken ? props.initial : null;
  const [taken, setTaken] = useState<TakenHandle | null>(
    served
      ? {
          handle: served.values.instagram_handle,
          email: served.values.email,
          sent: served.reported ?? null,
          refused: served.report_error ?? null,
        }
      : null,
  );
  return (
    <>
      <EntryFormOnly {...props} onHandleTaken={setTaken} />
      {taken ? <HandleReportForm giveawayId={props.giveawayId} {...taken} /> : null}
    </>
  );
}

function EntryFormOnly({
  giveawayId,
  rulesVersion,
  minAge,
  referralCode = null,
  initial = null,
  outcome,
  onEntered,
  onRefused,
  onHandleTaken,
}: EntryFormProps & { onHandleTaken: (taken: TakenHandle | null) => void }) {
  const { toast } = useToast();
  const [errors, setErrors] = useState<EntryErrors>(initial?.errors ?? {});
  const [formMessage, setFormMessage] = useState<string | null>(initial?.message ?? null);
  const [isSubmitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  useRefocusAfterBusy(submitRef, isSubmitting);
  const checkId = `accept-rules-${useId().replace(/:/g, '')}`;
  const rulesError = errors.accept_rules;
  const values = initial?.values;

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const form = event.currentTarget;
    const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null;
    const typed: EntryValues = {
      email: input('email')?.value ?? '',
      instagram_handle: input('instagram_handle')?.value ?? '',
      accept_rules: input('accept_rules')?.checked ?? false,
    };
    const problems = entryProblems(typed, minAge);
    setErrors(problems);
    setFormMessage(null);
    onHandleTaken(null);
    if (focusFirstProblem(form, ['email', 'instagram_handle', 'accept_rules'], problems)) return;
    setSubmitting(true);
    try {
      const answer = await participate(giveawayId, {
        email: typed.email,
        instagram_handle: typed.instagram_handle,
        website: input('website')?.value ?? '',
        accept_rules: true,
        notify_results: input('notify_results')?.checked ?? false,
        rules_version: rulesVersion,
        ...(referralCode ? { ref: referralCode } : {}),
      });
      if (answer.success) {
        toast({
          title: answer.confirmation_pending ? 'Check your e-mail' : 'Success!',
          description: answer.message,
          ...(outcome ? { avoid: outcome } : {}),
        });
        formRef.current?.reset();
        onEntered(answer, typed.instagram_handle.trim().replace(/^@/, ''));
      } else {
        toast({
          title: 'Error',
          description: answer.message || 'Failed to join giveaway',
          variant: 'destructive',
        });
      }
    } catch (error) {
      // A refused address or handle is marked on its field, with the server's sentence under it.
      const refused = fieldErrorsOf(error, ['email', 'instagram_handle'] as const);
      const field = (['email', 'instagram_handle'] as const).find((k) => refused[k]);
      if (field) {
        setErrors(refused);
        formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
      } else {
        toast(failureToast(error, 'Failed to join giveaway'));
      }
      if (isHandleTaken(error))
        onHandleTaken({ handle: typed.instagram_handle, email: typed.email });
      onRefused();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      ref={formRef}
      method="post"
      action={entryFormAction(giveawayId)}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Enter the Giveaway"
    >
      <input type="hidden" name="rules_version" value={rulesVersion} />
      {referralCode ? <input type="hidden" name="ref" value={referralCode} /> : null}
      {formMessage ? <FormAlert role="alert">{formMessage}</FormAlert> : null}
      <Field label="Email" required error={errors.email}>
        <Input
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          defaultValue={values?.email}
        />
      </Field>
      <Field
        label="Instagram Handle"
        required
        error={errors.instagram_handle}
        hint="Your Instagram username, with or without the @."
      >
        <Input
          name="instagram_handle"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="@yourhandle"
          defaultValue={values?.instagram_handle}
        />
      </Field>
      <RulesBox>
        <Link to={`/giveaway/${giveawayId}/rules`}>
          Read the official rules (version {rulesVersion})
        </Link>
        <CheckRow>
          <input
            id={checkId}
            type="checkbox"
            name="accept_rules"
            value="true"
            required
            defaultChecked={values?.accept_rules ?? false}
            aria-invalid={rulesError ? true : undefined}
            aria-describedby={rulesError ? `${checkId}-error` : undefined}
          />
          <label htmlFor={checkId}>
            I have read the rules and I am at least {minAge}
            <RequiredMark aria-hidden="true">*</RequiredMark>
          </label>
        </CheckRow>
        {rulesError ? <ErrorText id={`${checkId}-error`}>{rulesError}</ErrorText> : null}
        <CheckRow>
          <input id={`${checkId}-results`} type="checkbox" name="notify_results" value="true" />
          <label htmlFor={`${checkId}-results`}>
            Tell me the results (optional: one e-mail after the draw)
          </label>
        </CheckRow>
      </RulesBox>
      <WebsiteHoneypot />
      <Button ref={submitRef} type="submit" block disabled={isSubmitting}>
        {isSubmitting ? 'Entering...' : 'Enter Giveaway'}
      </Button>
    </form>
  );
}
