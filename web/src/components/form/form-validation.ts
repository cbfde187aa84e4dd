/**
 * When a form checks its fields (react-hook-form's modes), the same in every form: an untouched form
 * shows no error until it is submitted; from then on each field is checked again as it changes.
 */
export const FORM_VALIDATION = { mode: 'onSubmit', reValidateMode: 'onChange' } as const;
