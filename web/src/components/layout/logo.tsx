/** The café's mark: a meeple in a warm roundel. */
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" className="logo">
      <circle cx="32" cy="32" r="31" fill="#b5452c" />
      <circle cx="32" cy="32" r="26" fill="none" stroke="#f6e7cf" strokeWidth="2" strokeDasharray="3 4" />
      <path
        fill="#f6e7cf"
        d="M32 13c-4.2 0-7 3.3-7 7 0 2.5 1.2 4.2 2.5 5.4-5.4 1.2-13.5 3.3-14.3 7-.8 3.3 5 3.7 9 3.7L18 48c-.8 2.5.8 4 3.3 4h5.8L32 44l4.9 8h5.8c2.5 0 4.1-1.5 3.3-4L41.8 36c4 0 9.8-.4 9-3.7-.8-3.7-8.9-5.8-14.3-7 1.3-1.2 2.5-2.9 2.5-5.4 0-3.7-2.8-7-7-7z"
      />
    </svg>
  );
}
