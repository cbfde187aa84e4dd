import type { FieldPath, FieldValues, RegisterOptions, UseFormReturn } from 'react-hook-form';

/** form.register for Blueprint's InputGroup / TextArea, which take the input's ref as `inputRef`. */
export function bpRegister<T extends FieldValues, TOut = T>(
  form: UseFormReturn<T, unknown, TOut>,
  name: FieldPath<T>,
  options?: RegisterOptions<T, FieldPath<T>>,
) {
  const { ref, ...rest } = form.register(name, options);
  return { ...rest, inputRef: ref };
}
