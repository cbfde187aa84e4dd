/** The auth feature's public API: what other features may import. */
export { adminStatusQueryOptions, getAdminStatus, useAdminStatus, useLogout, type AdminStatus } from './api/admin-status';
