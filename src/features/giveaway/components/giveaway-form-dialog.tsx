import { yupResolver } from '@hookform/resolvers/yup';
import type { GiveawayFormPayload } from '@site/contracts';
import {
  CLAIM_DAYS_LIMITS,
  MIN_AGE_LIMITS,
  WINNER_COUNT_LIMITS,
  REFERRAL_CAP_LIMITS,
} from '@site/contracts/form-fields';
import type { Picture } from '@site/contracts';
import React, { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import * as yup from 'yup';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Alert } from '@/components/ui/alert';
import { Field, Input, Textarea } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { useCreateGiveaway } from '../api/create-giveaway';
import type { GiveawayWithId } from '../api/giveaway-fields';
import { useUpdateGiveaway } from '../api/update-giveaway';
import { failureToast, serverSentence } from '../error-message';
import { localDateIso } from '@/lib/dates';
import { PrizeImageField, storePicture } from './prize-image-field';
import { CheckRow } from './check-row';
import { useMailStatus } from '../use-mail-status';

/** The attributes of a field that takes a whole number within `limits`. */
function wholeNumberField(limits: { min: number; max: number }) {
  return {
    type: 'number',
    min: limits.min,
    max: limits.max,
    step: 1,
    inputMode: 'numeric',
  } as const;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function wholeNumberIn(label: string, min: number, max: number) {
  return yup
    .string()
    .trim()
    .required(`${label} is required`)
    .test('whole', `${label} must be a whole number`, (value) => /^\d+$/.test(value ?? ''))
    .test(
      'range',
      `${label} must be from ${min} to ${max}`,
      (value) => !/^\d+$/.test(value ?? '') || (Number(value) >= min && Number(value) <= max),
    );
}

/** Every field is a string while typed; `toPayload` turns it into what the API takes. */
export const giveawayFormSchema = yup.object({
  title: yup.string().trim().required('Title is required'),
  description: yup.string().trim().required('Description is required'),
  prize: yup.string().trim().required('Prize is required'),
  prize_image: yup
    .string()
    .trim()
    .default('')
    .test(
      'url',
      'Please enter a valid URL starting with http:// or https://',
      (value) => !value || isHttpUrl(value),
    ),
  start_date: yup
    .string()
    .required('Start date is required')
    .matches(DATE, 'Enter the date as YYYY-MM-DD'),
  end_date: yup
    .string()
    .default('')
    .matches(DATE, { message: 'Enter the date as YYYY-MM-DD', excludeEmptyString: true }),
  max_participants: yup
    .string()
    .trim()
    .default('')
    .test(
      'whole',
      'Maximum participants must be a whole number',
      (value) => !value || /^\d+$/.test(value),
    )
    .test(
      'min',
      'Maximum participants must be at least 1',
      (value) => !value || !/^\d+$/.test(value) || Number(value) >= 1,
    ),
  min_age: wholeNumberIn('Minimum age', MIN_AGE_LIMITS.min, MIN_AGE_LIMITS.max),
  region: yup.string().trim().default('').max(200, 'Region must be at most 200 characters'),
  claim_days: wholeNumberIn('Claim period', CLAIM_DAYS_LIMITS.min, CLAIM_DAYS_LIMITS.max),
  winner_count: wholeNumberIn(
    'Number of winners',
    WINNER_COUNT_LIMITS.min,
    WINNER_COUNT_LIMITS.max,
  ).test(
    'not-above-maximum',
    'Number of winners cannot be more than the maximum participants',
    (value, context) => {
      const max = String((context.parent as { max_participants?: string }).max_participants ?? '');
      return !/^\d+$/.test(max) || !/^\d+$/.test(value ?? '') || Number(value) <= Number(max);
    },
  ),
  external_randomness: yup
    .string()
    .trim()
    .default('')
    .max(500, 'The external random value must be described in at most 500 characters'),
  extra_terms: yup
    .string()
    .trim()
    .default('')
    .max(5000, 'Additional terms must be at most 5000 characters'),
  referral_cap: wholeNumberIn(
    'Referral bonus cap',
    REFERRAL_CAP_LIMITS.min,
    REFERRAL_CAP_LIMITS.max,
  ),
  confirm_entries: yup.boolean().default(false),
});

export type GiveawayFormValues = yup.InferType<typeof giveawayFormSchema>;

export function toPayload(values: GiveawayFormValues): GiveawayFormPayload {
  return {
    title: values.title,
    description: values.description,
    prize: values.prize,
    prize_image: values.prize_image || null,
    start_date: values.start_date,
    end_date: values.end_date || null,
    max_participants: values.max_participants ? Number(values.max_participants) : null,
    min_age: Number(values.min_age),
    region: values.region,
    claim_days: Number(values.claim_days),
    winner_count: Number(values.winner_count),
    external_randomness: values.external_randomness || null,
    extra_terms: values.extra_terms,
    referral_cap: Number(values.referral_cap),
    confirm_entries: values.confirm_entries,
  };
}

function initialValues(giveaway: GiveawayWithId | null): GiveawayFormValues {
  if (!giveaway) {
    return {
      title: '',
      description: '',
      prize: '',
      prize_image: '',
      start_date: localDateIso(),
      end_date: '',
      max_participants: '',
      min_age: String(MIN_AGE_LIMITS.default),
      region: '',
      claim_days: String(CLAIM_DAYS_LIMITS.default),
      winner_count: String(WINNER_COUNT_LIMITS.default),
      external_randomness: '',
      extra_terms: '',
      referral_cap: String(REFERRAL_CAP_LIMITS.default),
      confirm_entries: false,
    };
  }
  return {
    title: giveaway.title,
    description: giveaway.description,
    prize: giveaway.prize,
    prize_image: giveaway.prize_image ?? '',
    start_date: giveaway.start_date,
    end_date: giveaway.end_date ?? '',
    max_participants: giveaway.max_participants == null ? '' : String(giveaway.max_participants),
    min_age: String(giveaway.min_age),
    region: giveaway.region,
    claim_days: String(giveaway.claim_days),
    winner_count: String(giveaway.winner_count ?? WINNER_COUNT_LIMITS.default),
    external_randomness: giveaway.external_randomness ?? '',
    extra_terms: giveaway.extra_terms,
    referral_cap: String(giveaway.referral_cap),
    confirm_entries: giveaway.confirm_entries,
  };
}

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  column-gap: ${({ theme }) => theme.space[4]};

  ${({ theme }) => theme.media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Notice = styled(Alert)`
  margin-bottom: ${({ theme }) => theme.space[5]};
`;

const Rules = styled.fieldset`
  margin: 0 0 ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[4]} ${({ theme }) => theme.space[4]} 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  legend {
    padding-inline: ${({ theme }) => theme.space[2]};
    font-weight: 700;
  }
`;

const SwitchRow = styled(CheckRow)`
  margin-bottom: ${({ theme }) => theme.space[2]};
`;

const SwitchHint = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[5]};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[2]};
`;

interface GiveawayFormProps {
  giveaway: GiveawayWithId | null;
  onDone: () => void;
  onCancel: () => void;
}

function GiveawayForm({ giveaway, onDone, onCancel }: GiveawayFormProps) {
  const { toast } = useToast();
  const [createGiveaway] = useCreateGiveaway();
  const [updateGiveaway] = useUpdateGiveaway();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<GiveawayFormValues>({
    resolver: yupResolver(giveawayFormSchema),
    defaultValues: initialValues(giveaway),
  });
  const initialUrl = giveaway?.prize_image ?? '';
  const [picture, setPicture] = useState<Picture | null>(giveaway?.prize_picture ?? null);

  const onSubmit = handleSubmit(async (values) => {
    // A new address is fetched (and checked) before the save, so a picture that cannot be used is
    // explained under its field and nothing else is lost.
    let chosen = picture;
    if (values.prize_image && values.prize_image !== initialUrl) {
      try {
        chosen = await storePicture(values.prize_image);
        setPicture(chosen);
      } catch (failure) {
        setError('prize_image', {
          message: serverSentence(failure, 'The picture at this address could not be fetched.'),
        });
        return;
      }
    } else if (!values.prize_image && initialUrl && picture?.id === giveaway?.prize_picture?.id) {
      // The address was cleared: the picture fetched from it goes too.
      chosen = null;
    }
    const input = { ...toPayload(values), prize_image_id: chosen?.id ?? null };
    if (giveaway) {
      try {
        const { data } = await updateGiveaway({ variables: { id: String(giveaway.id), input } });
        if (!data?.updateGiveaway) {
          toast({
            title: 'Error',
            description: 'Failed to update giveaway',
            variant: 'destructive',
          });
          return;
        }
        toast({ title: 'Success', description: 'Giveaway updated successfully' });
        onDone();
      } catch (error) {
        toast(failureToast(error, 'Failed to update giveaway'));
      }
      return;
    }
    try {
      const { data } = await createGiveaway({ variables: { input } });
      if (!data?.createGiveaway) {
        toast({ title: 'Error', description: 'Failed to save giveaway', variant: 'destructive' });
        return;
      }
      toast({ title: 'Success', description: 'Giveaway created successfully' });
      onDone();
    } catch (error) {
      toast(failureToast(error, 'Failed to save giveaway'));
    }
  });

  const confirmId = `confirm-entries-${useId().replace(/:/g, '')}`;
  // What the server would refuse to change: fixed once drawn, or once the entry list is frozen.
  const drawn = Boolean(giveaway && giveaway.draws.length > 0);
  const frozen = Boolean(giveaway?.frozen);
  // Confirmation needs mail to reach entrants: without a mail server it cannot be switched on
  // (the server refuses it too); one already on may be switched off.
  const noMail = useMailStatus() === false;
  const confirmWasOn = Boolean(giveaway?.confirm_entries);
  const confirmLocked = frozen || drawn || (noMail && !confirmWasOn);

  return (
    <form onSubmit={onSubmit} noValidate>
      {drawn ? (
        <Notice variant="info" title="The winner has been drawn">
          The title, prize, dates and rules are fixed now. The description and prize image can still
          change.
        </Notice>
      ) : frozen ? (
        <Notice variant="info" title="Entries are closed">
          The entry list is frozen: the dates, the maximum, the number of winners, the external
          random value, the referral bonus cap and the confirmation step are fixed.
        </Notice>
      ) : null}
      <Field label="Title" required error={errors.title?.message}>
        <Input readOnly={drawn} {...register('title')} />
      </Field>
      <Field label="Description" required error={errors.description?.message}>
        <Textarea rows={4} {...register('description')} />
      </Field>
      <Field label="Prize" required error={errors.prize?.message}>
        <Input readOnly={drawn} {...register('prize')} />
      </Field>
      <PrizeImageField
        picture={picture}
        onPicture={setPicture}
        urlInput={register('prize_image')}
        clearUrl={() => setValue('prize_image', '')}
        error={errors.prize_image?.message}
        onError={(message) =>
          message ? setError('prize_image', { message }) : clearErrors('prize_image')
        }
      />
      <Row>
        <Field label="Start Date" required error={errors.start_date?.message}>
          <Input type="date" readOnly={frozen || drawn} {...register('start_date')} />
        </Field>
        <Field label="End Date" error={errors.end_date?.message} hint="Optional.">
          <Input type="date" readOnly={frozen || drawn} {...register('end_date')} />
        </Field>
      </Row>
      <Field
        label="Maximum Participants"
        error={errors.max_participants?.message}
        hint="Leave empty for unlimited"
      >
        <Input
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          readOnly={frozen || drawn}
          {...register('max_participants')}
        />
      </Field>
      <Rules>
        <legend>Official rules</legend>
        <Row>
          <Field label="Minimum Age" required error={errors.min_age?.message}>
            <Input
              {...wholeNumberField(MIN_AGE_LIMITS)}
              readOnly={drawn}
              {...register('min_age')}
            />
          </Field>
          <Field
            label="Claim Period (days)"
            required
            error={errors.claim_days?.message}
            hint="How long the winner has to claim."
          >
            <Input
              {...wholeNumberField(CLAIM_DAYS_LIMITS)}
              readOnly={drawn}
              {...register('claim_days')}
            />
          </Field>
        </Row>
        <Field
          label="Number of Winners"
          required
          error={errors.winner_count?.message}
          hint={`How many different entries the draw picks (${WINNER_COUNT_LIMITS.min} to ${WINNER_COUNT_LIMITS.max}). Fixed once entries close.`}
        >
          <Input
            {...wholeNumberField(WINNER_COUNT_LIMITS)}
            readOnly={frozen || drawn}
            {...register('winner_count')}
          />
        </Field>
        <Field
          label="Region"
          error={errors.region?.message}
          hint='Who may enter, e.g. "the United Kingdom". Leave empty for anywhere it is lawful.'
        >
          <Input readOnly={drawn} {...register('region')} />
        </Field>
        <Field
          label="External Random Value"
          error={errors.external_randomness?.message}
          hint="Optional. A public random value announced after entries close, named so anyone can look it up (e.g. a drand beacon round). Mixed into the draw, so not even you can predict it."
        >
          <Input readOnly={frozen || drawn} {...register('external_randomness')} />
        </Field>
        <Field
          label="Referral bonus cap"
          required
          error={errors.referral_cap?.message}
          hint={`Bonus entries one entrant can earn by bringing others through their personal link (${REFERRAL_CAP_LIMITS.min}–${REFERRAL_CAP_LIMITS.max}; 0 turns referrals off).`}
        >
          <Input
            {...wholeNumberField(REFERRAL_CAP_LIMITS)}
            readOnly={frozen || drawn}
            {...register('referral_cap')}
          />
        </Field>
        <SwitchRow>
          <input
            id={confirmId}
            type="checkbox"
            aria-describedby={`${confirmId}-hint`}
            aria-readonly={confirmLocked ? true : undefined}
            // Fixed once frozen: the box keeps its value (a disabled box would send none).
            onClick={confirmLocked ? (event) => event.preventDefault() : undefined}
            {...register('confirm_entries')}
          />
          <label htmlFor={confirmId}>Confirm entries by e-mail</label>
        </SwitchRow>
        <SwitchHint id={`${confirmId}-hint`}>
          An entry then counts only once the entrant opens the link mailed to them; unconfirmed
          entries expire after 48 hours.
          {noMail
            ? confirmWasOn
              ? ' This site has no mail server configured, so no link can reach an entrant: entries to this giveaway are refused until a mail server is set up or this is switched off.'
              : ' It cannot be switched on now: this site has no mail server configured (SMTP_URL), so the links would never reach entrants and no entry would count.'
            : null}
        </SwitchHint>
        <Field
          label="Additional Terms"
          error={errors.extra_terms?.message}
          hint="Optional. Printed at the end of the rules."
        >
          <Textarea rows={3} readOnly={drawn} {...register('extra_terms')} />
        </Field>
      </Rules>
      <Actions>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : giveaway ? 'Update Giveaway' : 'Create Giveaway'}
        </Button>
      </Actions>
    </form>
  );
}

export interface GiveawayFormDialogProps {
  open: boolean;
  /** The giveaway being edited, or null to create one. */
  giveaway: GiveawayWithId | null;
  onClose: () => void;
}

/**
 * Create/edit dialog of the management page. Title, description, prize and start date are required;
 * the prize image must be a URL if given; the maximum of participants is at least 1, empty for
 * unlimited.
 */
export function GiveawayFormDialog({ open, giveaway, onClose }: GiveawayFormDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={giveaway ? 'Edit Giveaway' : 'Create Giveaway'}
      description={
        giveaway
          ? 'Change the details of this giveaway.'
          : 'Fill in the details of the new giveaway.'
      }
      width="640px"
    >
      {/* Keyed so each opening starts from the right values, not from the last edit. */}
      <GiveawayForm
        key={giveaway?.id ?? 'new'}
        giveaway={giveaway}
        onDone={onClose}
        onCancel={onClose}
      />
    </Dialog>
  );
}
