/** What other features use of the business info: the café as the public site shows it. */
export { siteOf, telHref, useSiteInfo, type SiteInfo, type SocialLink } from './api/get-business-info';
export { AnnouncementBanner } from './components/announcement-banner';
export { useOpeningHours } from './api/use-opening-hours';
