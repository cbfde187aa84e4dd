import { displayPhone, type BusinessInfoForm } from '@cafe/contracts';
import { runCommand, type CommandContext, type CommandRuntime } from '../platform/commands/command-runner.js';
import { BUSINESS_INFO_STREAM, businessInfoDecider } from './business-info-decider.js';

/**
 * The admin route and the demo seed both go through this. A US phone is stored as the site and the
 * e-mails show it, (262) 555-9999, however a client typed it ('2625559999').
 */
export function updateBusinessInfo(deps: CommandRuntime, form: BusinessInfoForm, context: CommandContext) {
  const phone = form.phone ? displayPhone(form.phone) : form.phone;
  return runCommand(deps, businessInfoDecider, BUSINESS_INFO_STREAM, { type: 'UpdateBusinessInfo', form: { ...form, phone } }, context);
}
