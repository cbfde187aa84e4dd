import type { Plugin } from 'vite';

/** Blueprint's list of time zones with their UTC offsets (@blueprintjs/datetime, used by datetime2). */
export const TIMEZONE_ITEMS_MODULE = /[\\/]@blueprintjs[\\/]datetime[\\/]lib[\\/]esm[\\/]common[\\/]timezoneItems\.js$/;

/** The two lists the module computes as it is evaluated: `export const NAME = <list>.map(…);` */
const EAGER_LISTS = /^export const (TIMEZONE_ITEMS|MINIMAL_TIMEZONE_ITEMS) = (\w+\.map\(.+\));$/gm;

/**
 * An array computed on first use. Blueprint reads these lists only to offer a time-zone picker and to look
 * a zone up, which the site never does; every array operation still works on them.
 */
const LAZY_LIST = `function lazyTimezoneList(compute) {
  let list;
  const real = () => (list ??= compute());
  return new Proxy([], {
    get: (_, key) => {
      const value = Reflect.get(real(), key);
      return typeof value === 'function' ? value.bind(real()) : value;
    },
    has: (_, key) => key in real(),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(real(), key),
  });
}
`;

/**
 * Rewrites `code` (the timezoneItems module) so its two lists of zones are computed on first use, or
 * returns null when the module no longer has them as this expects (a Blueprint release changed it): the
 * module is then bundled as Blueprint wrote it.
 */
export function lazyTimezoneLists(code: string): string | null {
  const names: string[] = [];
  const rewritten = code.replace(EAGER_LISTS, (_, name: string, list: string) => {
    names.push(name);
    return `export const ${name} = /* @__PURE__ */ lazyTimezoneList(() => ${list});`;
  });
  return names.length === 2 ? `${LAZY_LIST}${rewritten}` : null;
}

/**
 * Blueprint's date input imports @blueprintjs/datetime's list of ~130 time zones, which works out each
 * zone's UTC offset while the page's script is evaluated: a time-zone formatter per zone, some 250 ms of
 * main-thread work on a desktop before the staff dashboard or a booking form can draw (more on a phone),
 * for a time-zone picker the site never shows. This plugin defers the lists to their first use.
 */
export function blueprintLazyTimezones(): Plugin {
  return {
    name: 'cafe-blueprint-lazy-timezones',
    transform(code, id) {
      if (!TIMEZONE_ITEMS_MODULE.test(id)) return undefined;
      const lazy = lazyTimezoneLists(code);
      if (lazy === null) {
        this.warn('@blueprintjs/datetime timezoneItems changed: its time-zone lists are computed at load again');
        return undefined;
      }
      return { code: lazy, map: null };
    },
  };
}
