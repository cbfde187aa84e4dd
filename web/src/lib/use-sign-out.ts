import { useNavigate } from 'react-router-dom';
import { errorDescription } from './api-client';
import { useLogout } from './auth';
import { toast } from './toaster';

/**
 * Sign out as every staff screen offers it (the dashboard header, the sign-in page of a non-admin, the
 * gallery's Access Denied): a toast either way, and the sign-in page once signed out.
 */
export function useSignOut() {
  const navigate = useNavigate();
  return useLogout({
    onSuccess: () => {
      toast({ title: 'Logged out successfully', intent: 'success' });
      void navigate('/admin/login', { replace: true });
    },
    onError: (error) => toast({ title: 'Logout failed', description: errorDescription(error, 'Failed to logout'), intent: 'danger' }),
  });
}
