/** What a broken gallery or menu image falls back to: a framed picture icon with a meeple, no text. */
export const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600" role="img" aria-label="Image not available">
  <rect width="800" height="600" fill="#efe7dc"/>
  <rect x="250" y="170" width="300" height="230" rx="18" fill="none" stroke="#b9a58c" stroke-width="14"/>
  <circle cx="330" cy="235" r="26" fill="#d4c3ac"/>
  <path d="M268 385 L360 290 L420 345 L465 305 L532 385 Z" fill="#d4c3ac"/>
  <path d="M470 400c0-18 10-30 22-36-8-6-13-15-13-25 0-17 14-31 31-31s31 14 31 31c0 10-5 19-13 25 12 6 22 18 22 36z" fill="#a8875f" opacity="0.85"/>
</svg>
`;
