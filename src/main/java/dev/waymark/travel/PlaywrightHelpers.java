package dev.waymark.travel;

/** The helper functions an exported test defines when its steps need them: replay's own rules, in TypeScript. */
final class PlaywrightHelpers {
  private PlaywrightHelpers() {}

  static String source(PlaywrightParts.Helper h) {
    return switch (h) {
      case WITHIN -> """
          /** selector.enter: each host is a shadow host (Playwright's CSS goes into open shadow roots) or a frame. */
          async function within(page: Page, enter: string[]): Promise<Page | Locator | FrameLocator> {
            let scope: Page | Locator | FrameLocator = page;
            for (const css of enter) {
              const host = scope.locator(css).first();
              const tag = await host.evaluate((e) => e.localName, undefined, { timeout: TIMEOUT });
              scope = tag === 'iframe' || tag === 'frame' ? host.contentFrame() : host;
            }
            return scope;
          }
          """;
      case HOLDS -> """
          /** A step's condition as replay checks it, once: selector matches, the text is on the page (any case), the
           *  address contains url_includes; all of them (or any), then negate. */
          async function holds(page: Page, c: { selector?: string; text?: string; url_includes?: string; match?: string; negate?: boolean }): Promise<boolean> {
            const any = (c.match ?? 'all').toLowerCase() === 'any';
            const results: boolean[] = [];
            if (c.selector) results.push((await page.locator(c.selector).count()) > 0);
            if (c.text) {
              const where = !any && c.selector ? page.locator(c.selector) : page.locator('body');
              results.push((await where.filter({ hasText: c.text }).count()) > 0);
            }
            if (c.url_includes) results.push(page.url().includes(c.url_includes));
            const all = results.length === 0 || (any ? results.some(Boolean) : results.every(Boolean));
            return c.negate ? !all : all;
          }
          """;
      case WAYMARK_PATH -> """
          /** The address as expect.url records it: the path and a hash route (#/… or #!…), never the query. */
          function waymarkPath(u: URL): string {
            const route = u.hash.startsWith('#/') || u.hash.startsWith('#!') ? u.hash : '';
            return (u.pathname || '/') + route;
          }
          """;
      case READ_LIST -> """
          /** An extractList step: each item's fields (CSS within the item; its text, or the attribute named), up to limit. */
          async function readList(items: Locator, fields: Record<string, { css?: string; attribute?: string }>, limit: number,
              timeout: number): Promise<unknown[]> {
            await items.first().waitFor({ state: 'attached', timeout });
            return items.evaluateAll((els, { fields, limit }) => els.slice(0, limit).map((item) => {
              const read = (el: Element, attribute?: string) => {
                if (!attribute) return (el as HTMLElement).innerText.trim();
                const raw = el.getAttribute(attribute);
                if (raw !== null && (attribute === 'href' || attribute === 'src')) return new URL(raw, el.baseURI).href;
                return raw;
              };
              const names = Object.keys(fields);
              if (!names.length) return read(item);
              return Object.fromEntries(names.map((name) => {
                const f = fields[name];
                const el = f.css ? item.querySelector(f.css) : item;
                return [name, el ? read(el, f.attribute) : null];
              }));
            }), { fields, limit });
          }
          """;
      case CALL_PAGE_FUNCTION -> """
          /** An eval step: the page's own function by its dotted name, as replay calls it (never code from the file). */
          async function callPageFunction(page: Page, name: string, args: unknown[]): Promise<string> {
            return page.evaluate(async ({ name, args }) => {
              let owner: any = window;
              let fn: any = window;
              for (const part of name.split('.')) {
                owner = fn;
                fn = fn?.[part];
              }
              if (typeof fn !== 'function') throw new Error(`the page has no function ${name}`);
              return JSON.stringify((await fn.apply(owner, args)) ?? null);
            }, { name, args });
          }
          """;
    };
  }
}
