import type { BusinessInfo, BusinessInfoForm } from '@cafe/contracts';
import { sendJson } from '../../../lib/api-client';
import { useContentMutation } from '../../../lib/use-content-mutation';
import { businessInfoQueryOptions } from '../../../lib/business-info';

/** PUT /api/admin/business-info; the public contact and hours read the same query, so they change at once. */
export const updateBusinessInfo = (form: BusinessInfoForm) => sendJson<BusinessInfo>('PUT', '/api/admin/business-info', form);

export const useUpdateBusinessInfo = ({ onSuccess }: { onSuccess?: (saved: BusinessInfo) => void } = {}) =>
  useContentMutation({
    mutationFn: updateBusinessInfo,
    invalidates: [businessInfoQueryOptions().queryKey],
    success: 'Business information updated successfully',
    failure: 'Business information not saved',
    onSuccess,
  });
