import styled from 'styled-components';
import { stackedList } from '@/styles/layout';

/** The newest-first list of bordered cards that the enquiry and outbox tabs show. */
export const RecordList = styled.ol`
  ${stackedList(4)}
`;

export const RecordItem = styled.li`
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
`;
