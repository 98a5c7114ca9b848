import type { HeadFC } from 'gatsby';
import React from 'react';
import { Seo } from '@/components/seo';
import { DraftEditor } from '@/features/editor/components/draft-editor';
import { EditorAccess } from '@/features/editor/components/editor-access';

/** `/blog/new`: a new post. The first autosave creates the draft and moves to its address. */
export default function NewPostPage() {
  return (
    <EditorAccess>
      <DraftEditor draftId={null} />
    </EditorAccess>
  );
}

export const Head: HeadFC = ({ location }) => (
  <Seo title="New Post" pathname={location.pathname}>
    <meta name="robots" content="noindex" />
  </Seo>
);
