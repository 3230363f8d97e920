import { useState } from 'react';
import { Combobox, Option } from '@fluentui/react-components';

export interface SearchAddBoxProps<T> {
  /** what the user typed; the parent queries the matches with it */
  search: string;
  onSearch: (text: string) => void;
  /** the matches of `search` */
  rows: readonly T[];
  keyOf: (row: T) => string;
  /** the text the box shows for a row once picked */
  textOf: (row: T) => string;
  /** the row's line in the list */
  labelOf: (row: T) => string;
  onAdd: (row: T) => void;
  placeholder: string;
  testId: string;
}

/**
 * Type to search, pick a match to add it to a list being edited (a dish's foods, a set meal's dishes). The list of
 * matches opens as the user types and when the matches arrive, not only on a click of the arrow, and closes once
 * one is added.
 */
export function SearchAddBox<T>({ search, onSearch, rows, keyOf, textOf, labelOf, onAdd, placeholder, testId }: SearchAddBoxProps<T>) {
  const [open, setOpen] = useState(false);
  return (
    <Combobox
      freeform value={search} placeholder={placeholder} data-testid={testId}
      onChange={(e) => { onSearch(e.target.value); setOpen(true); }}
      open={open && rows.length > 0} onOpenChange={(_, d) => setOpen(d.open)}
      onOptionSelect={(_, d) => {
        const row = rows.find((r) => keyOf(r) === d.optionValue);
        if (!row) return;
        onAdd(row);
        setOpen(false);
      }}
    >
      {rows.map((r) => <Option key={keyOf(r)} value={keyOf(r)} text={textOf(r)}>{labelOf(r)}</Option>)}
    </Combobox>
  );
}
