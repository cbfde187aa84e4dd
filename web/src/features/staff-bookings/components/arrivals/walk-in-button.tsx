import { Button, DialogBody, FormGroup, InputGroup } from '@blueprintjs/core';
import { ADMIN_RESERVATION_SIZES, formatTime12 } from '@cafe/contracts';
import { useState } from 'react';
import { StaffDialog } from '../../../../components/staff-dialog';
import { DialogActions } from '../../../../components/dialog-actions';
import { errorDescription } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toaster';
import { useAddWalkIn } from '../../api/arrivals';

/**
 * "Walk-in" → a party size → Add: three taps seat a walk-in now (the café's time), taking seats like a
 * reservation; the name is optional. A full café or a closed hour is said in the dialog.
 */
export function WalkInButton() {
  const [open, setOpen] = useState(false);
  const [size, setSize] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setSize(null);
    setName('');
    setFailure(null);
    add.startAnew();
  };
  const add = useAddWalkIn({
    onSuccess: (out) => {
      toast({ title: `Walk-in of ${size} seated at ${formatTime12(out.time)}`, intent: 'success' });
      close();
    },
    onError: (error) => setFailure(errorDescription(error, 'Could not add the walk-in. Please try again.')),
  });
  return (
    <>
      <Button icon="walk" intent="primary" onClick={() => setOpen(true)} className="walk-in-button">
        Walk-in
      </Button>
      <StaffDialog isOpen={open} onClose={close} title="Add Walk-in" canOutsideClickClose={!add.isPending}>
        <form
          aria-label="Add Walk-in"
          onSubmit={(ev) => {
            ev.preventDefault();
            if (size !== null) add.mutate({ partySize: size, ...(name.trim() ? { name: name.trim() } : {}) });
          }}
        >
          <DialogBody>
            <fieldset className="walk-in-sizes">
              <legend>Party size</legend>
              {ADMIN_RESERVATION_SIZES.map((n) => (
                <Button
                  key={n}
                  className="walk-in-size"
                  active={size === n}
                  aria-pressed={size === n}
                  intent={size === n ? 'primary' : 'none'}
                  onClick={() => (setSize(n), setFailure(null))}
                  aria-label={`${n} ${n === 1 ? 'guest' : 'guests'}`}
                >
                  {n}
                </Button>
              ))}
            </fieldset>
            <FormGroup className="field" label="Name" labelInfo="(optional)" labelFor="walk-in-name">
              <InputGroup id="walk-in-name" value={name} onValueChange={setName} placeholder="Walk-in" maxLength={100} />
            </FormGroup>
            {failure ? (
              <p className="walk-in-failure" role="alert">
                {failure}
              </p>
            ) : null}
          </DialogBody>
          <DialogActions onClose={close}>
            <Button type="submit" intent="primary" disabled={size === null} loading={add.isPending}>
              {size === null ? 'Add' : `Add ${size}`}
            </Button>
          </DialogActions>
        </form>
      </StaffDialog>
    </>
  );
}
