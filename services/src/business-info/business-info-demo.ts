import { DEFAULT_EMAIL, DEFAULT_HOURS_TEXT, DEFAULT_PHONE, businessInfoFormSchema } from '@cafe/contracts';
import { parseWith } from '../platform/http/validation.js';
import type { DemoPart } from '../platform/runtime/demo-part.js';
import { updateBusinessInfo } from './business-info-commands.js';

/**
 * The living demo's café: a board-game café in Waukesha, Wisconsin (a suburb of Milwaukee); every
 * name, address and link here is made up.
 */
export const DEMO_BUSINESS_INFO = {
  name: 'Meeple Haven Café',
  description:
    'A board-game café and hangout in Waukesha, Wisconsin: a wall of games to play for a small cover, staff who teach their favourites, games for sale, and pizzas, subs, wraps and salads made fresh.',
  address: '742 Maple Grove Ave, Waukesha, WI 53186',
  phone: DEFAULT_PHONE,
  email: DEFAULT_EMAIL,
  website: 'https://meeplehavencafe.com',
  hours: DEFAULT_HOURS_TEXT,
  social_media: {
    facebook: 'https://www.facebook.com/meeplehavencafe',
    instagram: 'https://www.instagram.com/meeplehavencafe',
  },
  announcement: 'New this month: the Wisconsin Four Cheese pizza, and Tuesday learn-to-play nights.',
};

/** Saves the demo café's details, as staff would on the Business Info page. */
export const businessInfoDemo: DemoPart = {
  async seed(runtime, context) {
    const { position } = await updateBusinessInfo(runtime, parseWith(businessInfoFormSchema, DEMO_BUSINESS_INFO), context);
    return { counts: {}, told: 'the business info', position };
  },
};
