import type { Picture } from '@site/contracts';
import React, { useId, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { api } from '@/lib/api-client';
import { serverSentence } from '../error-message';

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  margin-bottom: ${({ theme }) => theme.space[5]};
`;

const Preview = styled.img`
  display: block;
  width: 96px;
  height: 54px;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const FileLabel = styled.label`
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Status = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** Stores a picture on the server: an uploaded file, or an address the server fetches once. */
export function storePicture(source: File | string): Promise<Picture> {
  if (typeof source === 'string') return api.post<Picture>('/images', { url: source });
  const form = new FormData();
  form.append('file', source);
  return api.post<Picture>('/images', form);
}

export interface PrizeImageFieldProps {
  /** The stored picture the giveaway will have (null for none). */
  picture: Picture | null;
  onPicture: (picture: Picture | null) => void;
  /** The address field (react-hook-form's register() for prize_image). */
  urlInput: React.InputHTMLAttributes<HTMLInputElement> & React.RefAttributes<HTMLInputElement>;
  /** Clears the address field (after an upload, or when the picture is removed). */
  clearUrl: () => void;
  /** The message under the address field: a typed address that is invalid or could not be used. */
  error: string | undefined;
  onError: (message: string | null) => void;
}

/**
 * The prize picture: upload a file or give an address the server fetches when the form is saved.
 * Either way the site keeps its own copy; a file or address that cannot be used is explained
 * under the field, and what was typed stays.
 */
export function PrizeImageField({
  picture,
  onPicture,
  urlInput,
  clearUrl,
  error,
  onError,
}: PrizeImageFieldProps) {
  const fileId = `prize-file-${useId().replace(/:/g, '')}`;
  const [uploading, setUploading] = useState(false);

  const onFile = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setUploading(true);
    try {
      onPicture(await storePicture(file));
      clearUrl();
      onError(null);
    } catch (failure) {
      onError(serverSentence(failure, 'The picture could not be uploaded; please try again.'));
    } finally {
      setUploading(false);
      input.value = '';
    }
  };

  return (
    <>
      <Field
        label="Prize Image URL"
        error={error}
        hint="Optional. A link to a picture of the prize; the site fetches it once and keeps its own copy."
      >
        <Input
          type="url"
          inputMode="url"
          placeholder="https://example.com/prize.jpg"
          {...urlInput}
        />
      </Field>
      <Choices>
        {picture ? (
          <Preview
            src={picture.src}
            srcSet={picture.srcset}
            sizes="96px"
            width={picture.width}
            height={picture.height}
            alt="The prize picture"
          />
        ) : null}
        <div>
          <FileLabel htmlFor={fileId}>
            {picture ? 'Replace with a file' : 'Or upload a picture'}
          </FileLabel>
          <input
            id={fileId}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            onChange={(event) => void onFile(event)}
            disabled={uploading}
          />
        </div>
        {picture ? (
          <Button
            variant="ghost"
            onClick={() => {
              onPicture(null);
              clearUrl();
              onError(null);
            }}
          >
            Remove picture
          </Button>
        ) : null}
        {uploading ? <Status role="status">Uploading the picture…</Status> : null}
      </Choices>
    </>
  );
}
