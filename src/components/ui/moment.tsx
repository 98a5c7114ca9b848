import React, { useEffect, useState } from 'react';
import styled from 'styled-components';
import { formatMoment } from '@/lib/dates';

/**
 * Room for the longest form ("Sep 30, 2026, 12:59 PM GMT+10:30") from the first frame, and never
 * broken across lines: the switch from the UTC form to the visitor's own moves nothing. Put a
 * moment at the end of its line, so no text after it moves either.
 */
const Time = styled.time`
  display: inline-block;
  min-width: 15em;
  white-space: nowrap;
`;

/**
 * A moment (when something happened), with its time zone named. The server and the browser's
 * first render show it in UTC, so both draw the same text; once mounted it is shown on the
 * visitor's own clock. The machine-readable moment is in `datetime` throughout.
 */
export function Moment({ iso }: { iso: string | null }) {
  const [local, setLocal] = useState(false);
  useEffect(() => setLocal(true), []);
  if (!iso) return null;
  return <Time dateTime={iso}>{formatMoment(iso, local ? undefined : 'UTC')}</Time>;
}
