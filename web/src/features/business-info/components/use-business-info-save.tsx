import type { BusinessInfoSave, BusinessInfoSaved, HoursImpact } from '@cafe/contracts';
import { useState } from 'react';
import { useUpdateBusinessInfo } from '../api/update-business-info';
import { HoursClosureDialog } from './hours-closure-dialog';

/**
 * Saving the Business Info form: a save that closes a holiday or shortens a day holding bookings is held
 * back and its bookings shown (the dialog); keep or cancel sends it again with that choice.
 */
export function useBusinessInfoSave(onSaved: (saved: BusinessInfoSaved) => void) {
  const [held, setHeld] = useState<{ impact: HoursImpact; sent: BusinessInfoSave } | null>(null);
  const save = useUpdateBusinessInfo({
    onSaved: (saved) => {
      setHeld(null);
      onSaved(saved);
    },
    onAffected: (impact, sent) => setHeld({ impact, sent }),
    closing: new Set(held?.impact.closing.map((c) => c.date)),
  });
  const dialog = (
    <HoursClosureDialog
      impact={held?.impact ?? null}
      busy={save.isPending}
      onClose={() => setHeld(null)}
      onConfirm={(bookings) => held && save.mutate({ ...held.sent, bookings })}
    />
  );
  return { save, dialog };
}
