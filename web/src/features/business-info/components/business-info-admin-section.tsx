import { Card } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { WEEKDAYS, businessInfoFormSchema, hoursFromLines, readHoursJson, type BusinessInfo, type Weekday } from '@cafe/contracts';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FloppyDiskIcon } from '../../../components/content-icons';
import { QueryStates } from '../../../components/content-states';
import { TextAreaField, TextField } from '../../../components/form/form-fields';
import { useBusinessInfo } from '../api/get-business-info';
import { useUpdateBusinessInfo } from '../api/update-business-info';
import './business-info-admin.css';
import { BusyButton } from '../../../components/busy-button';
import { ErrorSummary } from '../../../components/form/error-summary';
import { SeatingCard } from './seating-card';

const SOCIAL_NETWORKS = ['facebook', 'instagram'];
const dayName = (d: string) => d[0]!.toUpperCase() + d.slice(1);

/** The contract's form, with the hours as one field per weekday (joined into its hours lines on save). */
const formSchema = businessInfoFormSchema.extend({
  week: z.object(
    Object.fromEntries(WEEKDAYS.map((d) => [d, z.string().trim().max(100, { error: 'Must be at most 100 characters' })])) as Record<
      Weekday,
      z.ZodString
    >,
  ),
  social_media: z.record(z.string(), z.string().trim().max(300, { error: 'Social media links must be at most 300 characters' })),
});
type FormInput = z.input<typeof formSchema>;

/** Each weekday's hours; a map holding only Monday (the site's default) means Monday to Friday. */
function weekOf(info: BusinessInfo): Record<Weekday, string> {
  const map: Partial<Record<Weekday, string>> = (info.hours && hoursFromLines(info.hours)) || readHoursJson(info.hoursJson) || {};
  const midweek = ['tuesday', 'wednesday', 'thursday', 'friday'] as const;
  if (map.monday && midweek.every((d) => !map[d])) for (const d of midweek) map[d] = map.monday;
  return Object.fromEntries(WEEKDAYS.map((d) => [d, map[d] ?? ''])) as Record<Weekday, string>;
}

function valuesOf(info: BusinessInfo): FormInput {
  const networks = [...new Set([...SOCIAL_NETWORKS, ...Object.keys(info.social_media)])];
  return {
    name: info.name,
    description: info.description,
    website: info.website,
    address: info.address,
    phone: info.phone,
    email: info.email,
    social_media: Object.fromEntries(networks.map((n) => [n, info.social_media[n] ?? ''])),
    week: weekOf(info),
    seatCapacity: info.seatCapacity,
    holdingMinutes: info.holdingMinutes,
  };
}

/** The dashboard's Business Info section: one form, in Basic, Contact and Operating Hours cards. */
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
  const save = useUpdateBusinessInfo({ onSuccess: (saved) => form.reset(valuesOf(saved)) });
  const networks = Object.keys(form.getValues('social_media') ?? {});

  return (
    <form
      noValidate
      aria-label="Business information"
      onSubmit={form.handleSubmit(({ week, social_media, ...rest }) => {
        const hours = WEEKDAYS.filter((d) => week[d])
          .map((d) => `${dayName(d)}: ${week[d]}`)
          .join('\n');
        const social = Object.fromEntries(Object.entries(social_media).filter(([, link]) => link));
        save.mutate({ ...rest, hours: hours || null, social_media: social });
      })}
    >
      <div className="business-info-grid">
        <Card className="business-info-card" elevation={1}>
          <h3>Basic</h3>
          <TextField form={form} name="name" id="business-name" label="Business name" />
          <TextAreaField form={form} name="description" id="business-description" label="Description" optional fill autoResize rows={4} />
          <TextField form={form} name="website" id="business-website" label="Website" optional type="url" placeholder="https://…" />
        </Card>
        <Card className="business-info-card" elevation={1}>
          <h3>Contact</h3>
          <TextField form={form} name="address" id="business-address" label="Address" optional markInvalid={false} />
          <div className="content-form-row">
            <TextField form={form} name="phone" id="business-phone" label="Phone" optional type="tel" />
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
        <Card className="business-info-card business-hours-card" elevation={1}>
          <h3>Operating Hours</h3>
          <p className="muted business-hours-hint">One line per weekday, for example "3:00 PM - 11:00 PM" or "Closed".</p>
          <div className="business-hours">
            {WEEKDAYS.map((d) => (
              <TextField key={d} form={form} name={`week.${d}`} id={`hours-${d}`} label={dayName(d)} markInvalid={false} />
            ))}
          </div>
        </Card>
        <SeatingCard form={form} />
      </div>
      <ErrorSummary formState={form.formState} />
      <div className="business-info-actions">
        <BusyButton type="submit" intent="primary" size="large" icon={<FloppyDiskIcon />} busy={save.isPending} text="Save Changes" />
      </div>
    </form>
  );
}
