import { InputGroup } from '@blueprintjs/core';
import { formatPhone, PHONE_MAX_LENGTH } from '@cafe/contracts';
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

/** US phone typed as digits and shown as (XXX) XXX-XXXX: only digits kept, at most 10, 14 characters. */
export function PhoneInput({ id, value, onChange, onBlur, inputRef, invalid, describedBy }: PhoneInputProps) {
  return (
    <InputGroup
      id={id}
      inputRef={inputRef}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="10-digit number"
      maxLength={PHONE_MAX_LENGTH}
      value={value}
      intent={invalid ? 'danger' : 'none'}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(e) => onChange(formatPhone(e.target.value))}
      onBlur={onBlur}
    />
  );
}
