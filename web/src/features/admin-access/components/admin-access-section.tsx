import { Button, Callout, Card, Tag } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { whitelistAddSchema } from '@cafe/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmAlert } from '../../../components/confirm-alert';
import { PlusIcon, TrashIcon, WarningSignIcon } from '../../../components/content-icons';
import { QueryStates } from '../../../components/content-states';
import { TextField } from '../../../components/form/form-fields';
import { useAddAdminEmail, useCurrentUser, useRemoveAdminEmail, useWhitelist } from '../api/whitelist';
import './admin-access.css';
import { ErrorSummary } from '../../../components/form/error-summary';
import { BusyButton } from '../../../components/busy-button';

/** The dashboard's Admin Access section: who may sign in, and adding or removing them. */
export default function AdminAccessSection() {
  const whitelist = useWhitelist();
  const me = useCurrentUser().data?.email.toLowerCase() ?? null;
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = useRemoveAdminEmail({ onSuccess: () => setRemoving(null), onError: () => setRemoving(null) });
  const removingSelf = removing !== null && removing.toLowerCase() === me;

  return (
    <div className="content-section admin-access">
      <h2>Admin Access</h2>
      <Callout intent="warning" icon={<WarningSignIcon />} title="Add your own account first">
        Make sure your own e-mail is on this list before you remove anyone else, so you cannot lock yourself out of the dashboard.
      </Callout>
      <AddAdminForm />
      <section className="content-area" aria-labelledby="admin-list-title">
        <div className="content-area-head">
          <h3 id="admin-list-title">Authorized Admin Emails</h3>
          {whitelist.data ? (
            <span className="muted">{whitelist.data.length === 1 ? '1 admin' : `${whitelist.data.length} admins`}</span>
          ) : null}
        </div>
        <QueryStates
          pending={whitelist.isPending}
          error={whitelist.isError}
          onRetry={() => void whitelist.refetch()}
          what="the admin list"
          skeleton={{ count: 1, className: 'admin-list-loading', tall: true }}
          empty={{
            when: whitelist.data?.length === 0,
            title: 'No admin emails',
            description: 'Add an e-mail above to let that person sign in.',
          }}
        >
          {() => (
            <Card elevation={1} className="admin-list-card">
              <ul className="admin-list" aria-label="Authorized admin emails">
                {(whitelist.data ?? []).map((entry) => (
                  <li key={entry.id} className="admin-row">
                    <span className="admin-email">{entry.email}</span>
                    <Tag intent="success" minimal>
                      Admin
                    </Tag>
                    {entry.email.toLowerCase() === me ? <Tag minimal>You</Tag> : null}
                    <Button
                      className="admin-remove"
                      size="small"
                      intent="danger"
                      variant="outlined"
                      icon={<TrashIcon />}
                      text="Remove"
                      aria-label={`Remove ${entry.email}`}
                      onClick={() => setRemoving(entry.email)}
                    />
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </QueryStates>
      </section>
      <ConfirmAlert
        isOpen={removing !== null}
        confirmText={removingSelf ? 'Remove my access' : 'Remove'}
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      >
        {removingSelf ? (
          <p>
            <strong>This is your own address.</strong> If you remove {removing}, you will lose access to this dashboard at once and will
            need another admin to add you back.
          </p>
        ) : (
          <p>Remove {removing} from the admin list? They will no longer be able to sign in to the dashboard.</p>
        )}
      </ConfirmAlert>
    </div>
  );
}

function AddAdminForm() {
  const form = useForm({ resolver: zodResolver(whitelistAddSchema), defaultValues: { email: '' } });
  const add = useAddAdminEmail({ onSuccess: () => form.reset({ email: '' }) });
  return (
    <Card elevation={1}>
      <h3 id="admin-add-title">Add New Admin Email</h3>
      <form
        noValidate
        aria-labelledby="admin-add-title"
        className="admin-add-form"
        onSubmit={form.handleSubmit((input) => add.mutate(input))}
      >
        <TextField
          form={form}
          name="email"
          id="admin-email"
          label="Email address"
          type="email"
          autoComplete="off"
          placeholder="name@example.com"
        />
        <BusyButton type="submit" intent="primary" icon={<PlusIcon />} busy={add.isPending} text="Add Email" />
        <ErrorSummary formState={form.formState} />
      </form>
    </Card>
  );
}
