import type { Floor, FloorInput } from '@cafe/contracts';
import type { UseFormReturn } from 'react-hook-form';

/** The editor's form: the floor as typed (FloorInput) and as the contract's schema gives it back (Floor). */
export type FloorForm = UseFormReturn<FloorInput, unknown, Floor>;

/** An empty field is no number (the schema says so under it), not zero. */
export const asNumber = {
  setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'number' ? v : Number(v)),
};
