import React from 'react';
import styled from 'styled-components';
import { Field, Select } from '@/components/ui/field';
import { ALL, type ProjectFilterState } from '../filters';
import { PROJECT_TYPES, TYPE_LABELS, isProjectType } from '../model';

const Form = styled.form`
  display: grid;
  width: 100%;
  gap: ${({ theme }) => theme.space[4]};
  grid-template-columns: 1fr;

  > * {
    margin-bottom: 0;
  }

  ${({ theme }) => theme.media.sm} {
    width: auto;
    grid-template-columns: repeat(2, minmax(0, 16rem));
  }
`;

export interface ProjectFiltersProps {
  categories: readonly string[];
  value: ProjectFilterState;
  onChange: (next: ProjectFilterState) => void;
}

/** Two labelled selects: native controls give keyboard and screen-reader support for free. */
export function ProjectFilters({ categories, value, onChange }: ProjectFiltersProps) {
  return (
    <Form role="search" aria-label="Filter projects" onSubmit={(event) => event.preventDefault()}>
      <Field label="Category">
        <Select
          value={value.category}
          onChange={(event) => onChange({ ...value, category: event.target.value })}
        >
          <option value={ALL}>All categories</option>
          {categories.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Type">
        <Select
          value={value.type}
          onChange={(event) => {
            const type = event.target.value;
            onChange({ ...value, type: isProjectType(type) ? type : ALL });
          }}
        >
          <option value={ALL}>All types</option>
          {PROJECT_TYPES.map((type) => (
            <option key={type} value={type}>
              {TYPE_LABELS[type]}
            </option>
          ))}
        </Select>
      </Field>
    </Form>
  );
}
