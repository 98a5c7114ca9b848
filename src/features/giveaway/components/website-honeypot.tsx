import React from 'react';
import styled from 'styled-components';
import { visuallyHidden } from '@/styles/visually-hidden';

/** Out of sight rather than display:none, which some bots detect and skip. */
const Honeypot = styled.div`
  ${visuallyHidden}
`;

/** A "Website" field for bots only: people never see or reach it. */
export function WebsiteHoneypot() {
  return (
    <Honeypot aria-hidden="true">
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" />
      </label>
    </Honeypot>
  );
}
