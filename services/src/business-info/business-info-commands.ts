import { displayPhone, openingHoursOf, type BusinessInfoForm, type OpeningHours } from '@cafe/contracts';
import { loadState, runCommand, type CommandContext, type CommandRuntime } from '../platform/commands/command-runner.js';
import { timeContext } from '../platform/clock.js';
import { BUSINESS_INFO_STREAM, businessInfoDecider, type BusinessInfoState } from './business-info-decider.js';

/**
 * The admin route and the demo seed both go through this. A US phone is stored as the site and the
 * e-mails show it, (262) 555-9999, however a client typed it ('2625559999').
 */
export function updateBusinessInfo(deps: CommandRuntime, form: BusinessInfoForm, context: CommandContext) {
  const phone = form.phone ? displayPhone(form.phone) : form.phone;
  return runCommand(deps, businessInfoDecider, BUSINESS_INFO_STREAM, { type: 'UpdateBusinessInfo', form: { ...form, phone } }, context);
}

/**
 * The opening hours now and once `form` is saved, decided as the save decides it (nothing written; a
 * form the decider refuses is refused here): what a save closes or shortens is known before it is made.
 */
export async function hoursChangeOf(
  runtime: CommandRuntime,
  form: BusinessInfoForm,
): Promise<{ before: OpeningHours; after: OpeningHours }> {
  const { state } = await loadState(runtime.eventStore, businessInfoDecider, BUSINESS_INFO_STREAM);
  const decided = businessInfoDecider.decide({ type: 'UpdateBusinessInfo', form }, state, timeContext(runtime.clock, runtime.config.zone));
  const after = decided.reduce(businessInfoDecider.evolve, state);
  const hours = (s: BusinessInfoState) => openingHoursOf(s.status === 'set' ? s.info : {});
  return { before: hours(state), after: hours(after) };
}
