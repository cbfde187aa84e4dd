/** The auth feature's public API: the admin check other features may ask. */
export { adminStatusQueryOptions, useAdminStatus, type AdminStatus } from './api/admin-status';
