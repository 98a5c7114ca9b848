import React from 'react';
import { Container } from '@/components/ui/container';
import { DraftEditor } from './draft-editor';
import { DraftPreviewPage } from './draft-preview-page';
import { DraftsList } from './drafts-list';
import { EditorAccess, Page } from './editor-access';

/** What a path under /admin/drafts shows: the list, one draft's editor, or its preview. */
export function parseDraftsPath(
  pathname: string,
): { view: 'list' } | { view: 'edit' | 'preview'; id: number | null } {
  const rest = pathname.replace(/^\/admin\/drafts\/?/, '').replace(/\/+$/, '');
  if (rest === '') return { view: 'list' };
  const match = /^([^/]+)(\/preview)?$/.exec(rest);
  const raw = match?.[1] ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  return { view: match?.[2] ? 'preview' : 'edit', id };
}

/** The client-only shell for /admin/drafts and everything below it; editors and admins only. */
export function DraftsRoute({ pathname }: { pathname: string }) {
  const route = parseDraftsPath(pathname);
  let content: React.ReactNode;
  if (route.view === 'list') {
    content = (
      <Page>
        <Container>
          <DraftsList />
        </Container>
      </Page>
    );
  } else if (route.view === 'preview') {
    content = <DraftPreviewPage key={route.id} draftId={route.id} />;
  } else {
    content = <DraftEditor key={route.id} draftId={route.id} />;
  }
  return <EditorAccess>{content}</EditorAccess>;
}
