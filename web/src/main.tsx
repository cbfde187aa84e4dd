import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// Only the Blueprint CSS of the landing page's components; the lazy chunks bring the rest (vite-plugins/blueprint-css.ts).
import 'virtual:blueprint/landing.css';
import './styles/base.css';
import './styles/typography.css';
import { App } from './app/app';
import { readPageData } from './lib/page-data';

const container = document.getElementById('root')!;
// The data the server rendered this page with: the first render must use it to match the HTML.
const app = <App pageData={readPageData(document)} />;
// In a transition React renders in slices that yield to the browser, instead of one long task that
// blocks input while the page mounts.
startTransition(() => {
  // `/` arrives prerendered (dist/landing.html, from src/prerender.tsx): React adopts that markup rather
  // than building it again. A mismatch is still rendered correctly, from scratch, and reported.
  if (container.firstElementChild) {
    hydrateRoot(container, app, { onRecoverableError: (error) => console.error('Landing page hydration:', error) });
  } else {
    createRoot(container).render(app);
  }
});
