import { yupResolver } from '@hookform/resolvers/yup';
import type { GiveawayFormPayload } from '@site/contracts';
import React from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import * as yup from 'yup';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, Textarea } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { useCreateGiveaway } from '../api/create-giveaway';
import type { GiveawayWithId } from '../api/giveaway-fields';
import { useUpdateGiveaway } from '../api/update-giveaway';
import { serverSentence } from '../error-message';
import { todayIso } from '../format';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** SPEC §5. Every field is a string while typed; `toPayload` turns it into what the API takes. */
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
  };
}

function initialValues(giveaway: GiveawayWithId | null): GiveawayFormValues {
  if (!giveaway) {
    return {
      title: '',
      description: '',
      prize: '',
      prize_image: '',
      start_date: todayIso(),
      end_date: '',
      max_participants: '',
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
    formState: { errors, isSubmitting },
  } = useForm<GiveawayFormValues>({
    resolver: yupResolver(giveawayFormSchema),
    defaultValues: initialValues(giveaway),
  });

  const onSubmit = handleSubmit(async (values) => {
    const input = toPayload(values);
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
        toast({
          title: 'Error',
          description: serverSentence(error, 'Failed to update giveaway'),
          variant: 'destructive',
        });
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
      toast({
        title: 'Error',
        description: serverSentence(error, 'Failed to save giveaway'),
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Field label="Title" required error={errors.title?.message}>
        <Input {...register('title')} />
      </Field>
      <Field label="Description" required error={errors.description?.message}>
        <Textarea rows={4} {...register('description')} />
      </Field>
      <Field label="Prize" required error={errors.prize?.message}>
        <Input {...register('prize')} />
      </Field>
      <Field
        label="Prize Image URL"
        error={errors.prize_image?.message}
        hint="Optional. A link to a picture of the prize."
      >
        <Input
          type="url"
          inputMode="url"
          placeholder="https://example.com/prize.jpg"
          {...register('prize_image')}
        />
      </Field>
      <Row>
        <Field label="Start Date" required error={errors.start_date?.message}>
          <Input type="date" {...register('start_date')} />
        </Field>
        <Field label="End Date" error={errors.end_date?.message} hint="Optional.">
          <Input type="date" {...register('end_date')} />
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
          {...register('max_participants')}
        />
      </Field>
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

/** Create/edit dialog of the management page (SPEC §2, §5). */
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
