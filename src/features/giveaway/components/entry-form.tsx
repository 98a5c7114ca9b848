import { yupResolver } from '@hookform/resolvers/yup';
import type { EntryPayload, EntryResponse } from '@site/contracts';
import { Link } from 'gatsby-link';
import React, { useId, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import * as yup from 'yup';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { emailField } from '@/lib/email-field';
import { useParticipate } from '../api/participate';
import { serverSentence } from '../error-message';
import { useRefocusAfterBusy } from '../use-refocus-after-busy';
import { visuallyHidden } from '@/styles/visually-hidden';

/**
 * The form's values: the API's entry fields, all given (the rules version and the referral code
 * are added on sending).
 */
type EntryValues = Required<Omit<EntryPayload, 'rules_version' | 'ref'>>;

function entrySchema(minAge: number): yup.ObjectSchema<EntryValues> {
  return yup.object({
    email: emailField({
      required: 'Email is required',
      invalid: 'Please enter a valid email address',
    }),
    instagram_handle: yup.string().trim().required('Instagram handle is required'),
    accept_rules: yup
      .boolean()
      .default(false)
      .oneOf([true], `Please confirm that you have read the rules and are at least ${minAge}.`),
    website: yup.string().default(''),
  });
}

/** Out of sight rather than display:none, which some bots detect and skip. */
const Honeypot = styled.div`
  ${visuallyHidden}
`;

const RulesBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  margin-bottom: ${({ theme }) => theme.space[5]};
`;

const CheckRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]};

  input {
    flex: none;
    width: 1.25rem;
    height: 1.25rem;
    margin: 0.125rem 0 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }

  label {
    font-weight: 600;
  }
`;

const RequiredMark = styled.span`
  margin-left: 0.125rem;
  color: ${({ theme }) => theme.colors.danger};
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
  /** The entry was recorded: show its receipt and reload the giveaway. */
  onEntered: (entry: EntryResponse, handle: string) => void;
  /** The entry was refused: reload the giveaway (it may be full, closed or have new rules). */
  onRefused: () => void;
}

/**
 * "Enter the Giveaway": e-mail, Instagram handle and the unticked, required rules box. The
 * server does the real checks and records which rules version was accepted.
 */
export function EntryForm({
  giveawayId,
  rulesVersion,
  minAge,
  referralCode = null,
  onEntered,
  onRefused,
}: EntryFormProps) {
  const { toast } = useToast();
  const [participate] = useParticipate();
  const schema = useMemo(() => entrySchema(minAge), [minAge]);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EntryValues>({
    resolver: yupResolver(schema),
    defaultValues: { email: '', instagram_handle: '', accept_rules: false, website: '' },
  });
  const submitRef = useRef<HTMLButtonElement>(null);
  useRefocusAfterBusy(submitRef, isSubmitting);
  const checkId = `accept-rules-${useId().replace(/:/g, '')}`;
  const rulesError = errors.accept_rules?.message;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data } = await participate({
        variables: {
          id: giveawayId,
          input: {
            email: values.email,
            instagram_handle: values.instagram_handle,
            website: values.website,
            accept_rules: values.accept_rules,
            rules_version: rulesVersion,
            ...(referralCode ? { ref: referralCode } : {}),
          },
        },
      });
      const answer = data?.participate;
      if (answer?.success) {
        toast({
          title: answer.confirmation_pending ? 'Check your e-mail' : 'Success!',
          description: answer.message,
        });
        reset();
        onEntered(answer, values.instagram_handle.trim().replace(/^@/, ''));
      } else {
        toast({
          title: 'Error',
          description: answer?.message || 'Failed to join giveaway',
          variant: 'destructive',
        });
      }
    } catch (error) {
      toast({
        title: 'Error',
        description: serverSentence(error, 'Failed to join giveaway'),
        variant: 'destructive',
      });
      onRefused();
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Enter the Giveaway">
      <Field label="Email" required error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...register('email')}
        />
      </Field>
      <Field
        label="Instagram Handle"
        required
        error={errors.instagram_handle?.message}
        hint="Your Instagram username, with or without the @."
      >
        <Input
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="@yourhandle"
          {...register('instagram_handle')}
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
            required
            aria-invalid={rulesError ? true : undefined}
            aria-describedby={rulesError ? `${checkId}-error` : undefined}
            {...register('accept_rules')}
          />
          <label htmlFor={checkId}>
            I have read the rules and I am at least {minAge}
            <RequiredMark aria-hidden="true">*</RequiredMark>
          </label>
        </CheckRow>
        {rulesError ? <ErrorText id={`${checkId}-error`}>{rulesError}</ErrorText> : null}
      </RulesBox>
      {/* Honeypot for bots; people never see or reach it. */}
      <Honeypot aria-hidden="true">
        <label>
          Website
          <input type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
        </label>
      </Honeypot>
      <Button ref={submitRef} type="submit" block disabled={isSubmitting}>
        {isSubmitting ? 'Entering...' : 'Enter Giveaway'}
      </Button>
    </form>
  );
}
