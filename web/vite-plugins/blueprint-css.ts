import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import postcss, { type ChildNode, type Plugin as PostcssPlugin, type Rule } from 'postcss';
import type { Plugin } from 'vite';

/**
 * Splits Blueprint's compiled stylesheet in two at build time, so the landing page loads only the CSS
 * of the components it renders:
 *
 * - `virtual:blueprint/landing.css`: the base (design tokens, reset, typography, focus states) and the
 *   components listed in `landing`;
 * - `virtual:blueprint/rest.css`: every other component, imported by the lazy chunks (dashboard,
 *   sign-in, the booking forms and dialogs).
 *
 * Neither part has the dark theme's rules or the icon font's glyph classes: the site has no dark theme
 * and draws its icons as SVG. They were 46% of rest.css (187 of 406 KB), parsed and matched by every
 * staff page and booking form.
 *
 * Each rule kept keeps its bytes and its order (an at-rule loses only the dark rules inside it). Its
 * component is read from the source map Blueprint ships with blueprint.css (src/components/<name>/…);
 * rules a shared mixin wrote belong to the component whose output they sit in. A component that is not
 * in `landing` therefore lands in rest.css by itself: it only loads later.
 */
export function blueprintCssSplit({ landing }: { landing: string[] }): Plugin {
  const PREFIX = 'virtual:blueprint/';
  let parts: { landing: string; rest: string } | undefined;

  return {
    name: 'cafe-blueprint-css-split',
    enforce: 'pre',
    resolveId(id) {
      // The id keeps its .css ending so Vite's CSS pipeline (chunk CSS files, minification) handles it.
      return id === `${PREFIX}landing.css` || id === `${PREFIX}rest.css` ? id : undefined;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return undefined;
      parts ??= splitBlueprintCss(new Set(landing));
      return id.endsWith('landing.css') ? parts.landing : parts.rest;
    },
  };
}

const require = createRequire(import.meta.url);

/**
 * The Blueprint partial a source file of the stylesheet belongs to (`button`, `button-group`, `menu`,
 * `submenu`…: the names components/_index.scss imports), `base`, or undefined for a shared mixin file.
 */
function ownerOf(file: string): string | undefined {
  // Mixin files (button/_common.scss, forms/_common.scss…) are shared: html-select includes the button's.
  const partial = /\/src\/components\/[^/]+\/_?([^/]+)\.scss$/.exec(file);
  if (partial && !/^(common|.*mixins|.*variables)$/.test(partial[1]!)) return partial[1];
  if (/\/src\/(design-tokens\/|_reset|_typography|_dark-theme|accessibility\/)/.test(file)) return 'base';
  return undefined;
}

/** The icon font's glyph classes (.bp6-icon-add::before…): this site draws its icons as SVG. */
const ICON_FONT = /^\.bp\d+-icon-[a-z0-9-]+::before$/;

// Blueprint's dark theme: under the .bp6-dark class or the data-bp-color-scheme="dark" attribute.
const DARK = /\.bp\d+-dark\b|\[data-bp-color-scheme=["']?dark/;

/** A rule the site never applies: the dark theme's, or an icon-font glyph. */
const unusedRule = (rule: Rule) => rule.selectors.every((s) => DARK.test(s) || ICON_FONT.test(s));

/** True when the site never applies the node; an at-rule first loses the rules inside it that it never applies. */
function unused(node: ChildNode): boolean {
  if (node.type === 'rule') return unusedRule(node);
  if (node.type !== 'atrule' || node.nodes === undefined) return false;
  node.each((child) => {
    if (unused(child)) child.remove();
  });
  return node.nodes.every((n) => n.type === 'comment');
}

/**
 * Leaves the dark theme out of Blueprint's other stylesheets too (the date picker's, imported by the
 * date inputs): a PostCSS plugin for Vite's CSS pipeline, touching only files of @blueprintjs packages.
 */
export function blueprintWithoutDarkTheme(): PostcssPlugin {
  return {
    postcssPlugin: 'cafe-blueprint-without-dark-theme',
    Once(root) {
      if (!/[\\/]@blueprintjs[\\/]/.test(root.source?.input.file ?? '')) return;
      root.each((node) => {
        if (unused(node)) node.remove();
      });
    },
  };
}

export function splitBlueprintCss(landing: Set<string>): { landing: string; rest: string } {
  const file = require.resolve('@blueprintjs/core/lib/css/blueprint.css');
  const root = postcss.parse(readFileSync(file, 'utf8'), {
    from: file,
    map: { prev: readFileSync(`${file}.map`, 'utf8') },
  });
  const landingRoot = postcss.root();
  const restRoot = postcss.root();
  let owner = 'base';
  for (const node of root.nodes) {
    if (node.type === 'comment') continue;
    const start = node.source?.start;
    const origin = start ? root.source?.input.origin(start.line, start.column) : false;
    owner = (origin && ownerOf(origin.url ?? origin.file ?? '')) || owner;
    const kept = node.clone();
    if (unused(kept)) continue;
    (owner === 'base' || landing.has(owner) ? landingRoot : restRoot).append(kept);
  }
  return { landing: landingRoot.toString(), rest: restRoot.toString() };
}
