import { InputGroup } from '@blueprintjs/core';
import { formatPhone, TEXT_LIMITS } from '@cafe/contracts';
import type { Ref } from 'react';

interface PhoneInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * US phone shown as (XXX) XXX-XXXX as it is typed, pasted or autofilled (`+1 262 555 0101` too); another
 * country's number or an extension stays as typed so the form's message says why it is refused. No
 * 14-character cap: it would cut `+1 (262) 555-0101` before it could become (262) 555-0101.
 */
export function PhoneInput({ id, value, onChange, onBlur, inputRef, invalid, describedBy }: PhoneInputProps) {
  return (
    <InputGroup
      id={id}
      inputRef={inputRef}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="10-digit number"
      maxLength={TEXT_LIMITS.phone}
      value={value}
      intent={invalid ? 'danger' : 'none'}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(e) => onChange(formatPhone(e.target.value))}
      onBlur={onBlur}
    />
  );
}
