import type { PostUpload } from '@site/contracts';
import React, { useRef, useState } from 'react';
import styled from 'styled-components';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { draftsApi } from '../api/drafts-api';

/** What the server takes (it checks the bytes; this only filters the file chooser). */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/** The first picture file among dropped or pasted items, if any. */
export function pictureFile(files: FileList | null | undefined): File | null {
  if (!files) return null;
  for (const file of Array.from(files)) if (file.type.startsWith('image/')) return file;
  return null;
}

/** Markdown for a picture: the alt text with brackets and backslashes escaped. */
export function pictureMarkdown(alt: string, src: string): string {
  const text = alt
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\[\]]/g, (c) => `\\${c}`);
  return `![${text}](${src})`;
}

/**
 * The hidden file chooser a button opens (through `ref`), named `label`; `onFile` gets the file
 * chosen. It forgets the choice at once, so choosing the same file again counts.
 */
const PictureFileInput = React.forwardRef<
  HTMLInputElement,
  { label: string; testId: string; onFile: (file: File) => void }
>(function PictureFileInput({ label, testId, onFile }, ref) {
  return (
    <input
      ref={ref}
      type="file"
      accept={ACCEPT}
      hidden
      aria-label={label}
      data-testid={testId}
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) onFile(file);
      }}
    />
  );
});

interface UploadState {
  busy: boolean;
  error: string | null;
}

/** Uploads one picture for the draft; the server's sentence on refusal. */
function useUpload(draftId: number | null) {
  const [state, setState] = useState<UploadState>({ busy: false, error: null });
  const upload = async (file: File): Promise<PostUpload | null> => {
    if (!draftId) {
      setState({
        busy: false,
        error: 'Give the post a title first: pictures belong to a saved draft.',
      });
      return null;
    }
    setState({ busy: true, error: null });
    const form = new FormData();
    form.append('file', file);
    try {
      const stored = await draftsApi.uploadImage(draftId, form);
      setState({ busy: false, error: null });
      return stored;
    } catch (cause) {
      setState({
        busy: false,
        error: cause instanceof Error ? cause.message : 'The picture could not be uploaded.',
      });
      return null;
    }
  };
  return { ...state, upload };
}

interface BodyPicturesProps {
  draftId: number | null;
  /** Puts the markdown at the body's cursor. */
  insert: (markdown: string) => void;
  /** A file pasted or dropped on the body, handed over by the editor. */
  incoming: File | null;
  onIncomingTaken: () => void;
}

/**
 * "Add picture" for the body: choose a file (or paste or drop one on the body), it is uploaded,
 * then the alt text is asked for and `![alt](media/<file>)` goes in at the cursor.
 */
export function BodyPictures({ draftId, insert, incoming, onIncomingTaken }: BodyPicturesProps) {
  const input = useRef<HTMLInputElement>(null);
  const { busy, error, upload } = useUpload(draftId);
  const [stored, setStored] = useState<PostUpload | null>(null);
  const [alt, setAlt] = useState('');

  const take = async (file: File) => {
    const result = await upload(file);
    if (result) {
      setAlt('');
      setStored(result);
    }
  };

  React.useEffect(() => {
    if (!incoming) return;
    onIncomingTaken();
    void take(incoming);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one upload per handed-over file
  }, [incoming]);

  const finish = (withAlt: boolean) => {
    if (stored) insert(pictureMarkdown(withAlt ? alt : '', stored.src));
    setStored(null);
  };

  return (
    <PictureBar>
      <PictureFileInput
        ref={input}
        label="Picture file"
        testId="body-picture-input"
        onFile={(file) => void take(file)}
      />
      <Button
        type="button"
        variant="secondary"
        disabled={busy || !draftId}
        onClick={() => input.current?.click()}
      >
        {busy ? 'Uploading picture…' : 'Add picture'}
      </Button>
      <Hint>
        {draftId
          ? 'Or paste or drop a picture on the body. JPEG, PNG, WebP, GIF or AVIF.'
          : 'Pictures can be added once the draft is saved (give it a title).'}
      </Hint>
      {error ? (
        <Alert variant="error" title="Picture not added">
          {error}
        </Alert>
      ) : null}
      <Dialog
        open={stored !== null}
        onClose={() => finish(true)}
        title="Describe the picture"
        description="Readers who cannot see it hear this text; search engines read it too."
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            finish(true);
          }}
        >
          {stored ? (
            <Thumb src={stored.picture.src} width={stored.width} height={stored.height} alt="" />
          ) : null}
          <Field
            label="Alternative text"
            hint="What the picture shows, in a sentence. Leave it empty only for pure decoration; the post then lists it under “Before publishing”."
          >
            <Input value={alt} onChange={(event) => setAlt(event.target.value)} maxLength={300} />
          </Field>
          <Actions>
            <Button type="submit">Insert picture</Button>
          </Actions>
        </form>
      </Dialog>
    </PictureBar>
  );
}

interface CoverFieldProps {
  draftId: number | null;
  cover: string;
  coverAlt: string;
  error?: string;
  altError?: string;
  onChange: (patch: { cover?: string; cover_alt?: string }) => void;
}

/** The post's cover: an uploaded picture and what it shows. */
export function CoverField({
  draftId,
  cover,
  coverAlt,
  error,
  altError,
  onChange,
}: CoverFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const { busy, error: uploadError, upload } = useUpload(draftId);
  const [shown, setShown] = useState<string | null>(null);
  const thumb = shown ?? (cover ? `/media/drafts/${cover.replace(/^media\//, '')}` : null);

  return (
    <CoverBox aria-label="Cover">
      <Field
        label="Cover picture"
        error={error ?? uploadError ?? undefined}
        hint="Optional. Shown at the top of the post and on its cards."
      >
        <CoverRow>
          {cover && thumb ? <Thumb src={thumb} alt="" /> : null}
          <PictureFileInput
            ref={input}
            label="Cover file"
            testId="cover-picture-input"
            onFile={async (file) => {
              const stored = await upload(file);
              if (stored) {
                setShown(stored.picture.src);
                onChange({ cover: stored.src });
              }
            }}
          />
          <Button
            type="button"
            variant="secondary"
            disabled={busy || !draftId}
            onClick={() => input.current?.click()}
          >
            {busy ? 'Uploading…' : cover ? 'Change cover' : 'Choose cover'}
          </Button>
          {cover ? (
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                setShown(null);
                onChange({ cover: '', cover_alt: '' });
              }}
            >
              Remove cover
            </Button>
          ) : null}
        </CoverRow>
      </Field>
      {cover ? (
        <Field label="Cover description" required error={altError}>
          <Input
            value={coverAlt}
            onChange={(event) => onChange({ cover_alt: event.target.value })}
            maxLength={300}
          />
        </Field>
      ) : null}
    </CoverBox>
  );
}

const PictureBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  margin-bottom: ${({ theme }) => theme.space[4]};

  > div[role='alert'],
  > div[role='status'] {
    flex-basis: 100%;
  }
`;

const Hint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Thumb = styled.img`
  display: block;
  max-width: 100%;
  max-height: 10rem;
  width: auto;
  height: auto;
  margin-bottom: ${({ theme }) => theme.space[4]};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
`;

const CoverBox = styled.div`
  margin-bottom: ${({ theme }) => theme.space[2]};
`;

const CoverRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};

  img {
    max-height: 5rem;
    margin: 0;
  }
`;
