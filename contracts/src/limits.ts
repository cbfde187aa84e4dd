/**
 * The length limits of every text field and map the site accepts, in one place: the forms read them
 * (their messages and their inputs' maxLength) and the server refuses anything longer with the same
 * message, so nothing unbounded reaches the store or every visitor's page.
 */
export const TEXT_LIMITS = {
  /** Guest, business, item and event names. */
  name: 120,
  email: 254,
  /** A guest's phone is '(XXX) XXX-XXXX'; the business phone is free text. */
  phone: 40,
  specialRequests: 2000,
  adminNotes: 2000,
  description: 2000,
  itemDescription: 1000,
  categoryDescription: 500,
  categoryName: 80,
  address: 300,
  location: 200,
  hours: 1000,
  hoursJson: 2000,
  announcement: 500,
  blockedDateReason: 200,
  eventPrice: 40,
  url: 2048,
  altText: 300,
  /** Ids sent in bodies (a menu item's category). */
  id: 64,
} as const;

export const SOCIAL_MEDIA_LIMITS = {
  /** How many links business info may hold. */
  maxLinks: 20,
  /** A link's name ('facebook'). */
  name: 40,
  link: 300,
} as const;

export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters`;
