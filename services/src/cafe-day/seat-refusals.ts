import { FULLY_BOOKED_CODE, TABLE_RULE_CODE } from '@cafe/contracts';
import { Conflict } from '../platform/commands/domain-errors.js';

/**
 * The day's refusals a client acts on: each a conflict (409) with its code, answered by the one error
 * handler (platform/http/error-handler.ts) as `{ message, code }`: the dashboard offers staff to go ahead.
 */

/** A booking would seat more people than the café holds at that time, or (with a floor) no table fits it (409, code 'fully-booked'). */
export class FullyBooked extends Conflict {
  override readonly code = FULLY_BOOKED_CODE;
}

/** Tables staff pick break a rule (taken, too small, not on the floor): 409, code 'table-rule'; staff may go ahead (force). */
export class TableRule extends Conflict {
  override readonly code = TABLE_RULE_CODE;
}
