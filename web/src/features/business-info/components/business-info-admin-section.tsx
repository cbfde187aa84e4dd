import { Card } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { businessInfoFormSchema, type BusinessInfo } from '@cafe/contracts';
import { formatPhone } from '@cafe/contracts';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FloppyDiskIcon } from '../../../components/content-icons';
import { QueryStates } from '../../../components/content-states';
import { TextAreaField, TextField } from '../../../components/form/form-fields';
import { Field } from '../../../components/form/field';
import { PhoneInput } from '../../../components/form/phone-input';
import { useBusinessInfo } from '../../../lib/business-info';
import { useBusinessInfoSave } from './use-business-info-save';
import './business-info-admin.css';
import { BusyButton } from '../../../components/busy-button';
import { ErrorSummary } from '../../../components/form/error-summary';
import { SeatingCard } from './seating-card';
import { OpeningHoursCard } from './opening-hours-card';
import { GuestFactsCard, LinksCard, guestFactValues } from './guest-facts-card';

const SOCIAL_NETWORKS = ['facebook', 'instagram'];
const dayName = (d: string) => d[0]!.toUpperCase() + d.slice(1);

/** The contract's form; the hours are its structured openingHours (the server writes the hours lines from them). */
const formSchema = businessInfoFormSchema.safeExtend({
  social_media: z.record(z.string(), z.string().trim().max(300, { error: 'Social media links must be at most 300 characters' })),
});
type FormInput = z.input<typeof formSchema>;

function valuesOf(info: BusinessInfo): FormInput {
  const networks = [...new Set([...SOCIAL_NETWORKS, ...Object.keys(info.social_media)])];
  return {
    name: info.name,
    description: info.description,
    website: info.website,
    address: info.address,
    phone: formatPhone(info.phone),
    announcement: info.announcement ?? '',
    email: info.email,
    social_media: Object.fromEntries(networks.map((n) => [n, info.social_media[n] ?? ''])),
    openingHours: info.openingHours,
    seatCapacity: info.seatCapacity,
    holdingMinutes: info.holdingMinutes,
    ...guestFactValues(info),
  };
}

/** The dashboard's Business Info section: one form, in Basic, Contact, Operating Hours, Seating, guest facts and links cards. */
export default function BusinessInfoAdminSection() {
  const info = useBusinessInfo();
  return (
    <div className="content-section business-info-admin">
      <h2>Business Info</h2>
      <QueryStates
        pending={info.isPending}
        error={info.isError}
        onRetry={() => void info.refetch()}
        what="the business information"
        skeleton={{ count: 3, className: 'business-info-grid', tall: true }}
      >
        {() => info.data && <BusinessInfoForm info={info.data} />}
      </QueryStates>
    </div>
  );
}

function BusinessInfoForm({ info }: { info: BusinessInfo }) {
  const form = useForm({ resolver: zodResolver(formSchema), defaultValues: valuesOf(info) });
  // The form then shows what was stored (trimmed, hours as the server read them).
  const { save, dialog } = useBusinessInfoSave((saved) => form.reset(valuesOf(saved)));
  const networks = Object.keys(form.getValues('social_media') ?? {});

  return (
    <form
      noValidate
      aria-label="Business information"
      onSubmit={form.handleSubmit(({ social_media, ...rest }) => {
        const social = Object.fromEntries(Object.entries(social_media).filter(([, link]) => link));
        save.mutate({ ...rest, social_media: social });
      })}
    >
      <div className="business-info-grid">
        <Card className="business-info-card" elevation={1}>
          <h3>Basic</h3>
          <TextField form={form} name="name" id="business-name" label="Business name" />
          <TextAreaField form={form} name="description" id="business-description" label="Description" optional fill autoResize rows={4} />
          <TextField form={form} name="website" id="business-website" label="Website" optional type="url" placeholder="https://…" />
          <TextAreaField
            form={form}
            name="announcement"
            id="business-announcement"
            label="Announcement"
            optional
            fill
            autoResize
            rows={2}
            placeholder="Shown under the site's top bar until a visitor closes it"
          />
        </Card>
        <Card className="business-info-card" elevation={1}>
          <h3>Contact</h3>
          <TextField form={form} name="address" id="business-address" label="Address" optional markInvalid={false} />
          <div className="content-form-row">
            {/* Typed as digits, shown as (XXX) XXX-XXXX, as on the booking forms. */}
            <Field id="business-phone" label="Phone" optional error={form.formState.errors.phone?.message}>
              <Controller
                control={form.control}
                name="phone"
                render={({ field, fieldState }) => (
                  <PhoneInput
                    id="business-phone"
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    invalid={Boolean(fieldState.error)}
                    describedBy={fieldState.error ? 'business-phone-error' : undefined}
                  />
                )}
              />
            </Field>
            <TextField form={form} name="email" id="business-email" label="Email" optional type="email" />
          </div>
          {networks.map((n) => (
            <TextField
              key={n}
              form={form}
              name={`social_media.${n}`}
              id={`business-social-${n}`}
              label={`${dayName(n)} link`}
              optional
              type="url"
              placeholder="https://…"
              markInvalid={false}
            />
          ))}
        </Card>
        <OpeningHoursCard form={form} />
        <SeatingCard form={form} />
        <LinksCard form={form} />
        <GuestFactsCard form={form} />
      </div>
      <ErrorSummary formState={form.formState} />
      <div className="business-info-actions">
        <BusyButton type="submit" intent="primary" size="large" icon={<FloppyDiskIcon />} busy={save.isPending} text="Save Changes" />
      </div>
      {dialog}
    </form>
  );
}
