import { NO_EMAIL } from '@cafe/contracts';
import './guest-email.css';

/**
 * A guest's e-mail address where staff read it, or 'no e-mail' for a booking without one (taken by
 * phone): such a guest is mailed nothing, so staff know to call them instead.
 */
export function GuestEmail({ email, className }: { email: string | null | undefined; className?: string }) {
  if (email) return <span className={className}>{email}</span>;
  return <span className={className ? `no-email ${className}` : 'no-email'}>{NO_EMAIL}</span>;
}
