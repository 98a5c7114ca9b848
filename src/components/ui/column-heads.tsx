import React from 'react';

/** A table's column headings, one `<th scope="col">` each, in the order given. */
export function ColumnHeads({ names }: { names: readonly string[] }) {
  return (
    <>
      {names.map((name) => (
        <th key={name} scope="col">
          {name}
        </th>
      ))}
    </>
  );
}
