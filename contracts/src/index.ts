export * from './business.js';
export * from './time.js';
export * from './phone.js';
export * from './fields.js';
export * from './bookings.js';
export * from './business-info.js';
export * from './errors.js';
export * from './events.js';
