package dev.waymark.session;

import dev.waymark.bridge.ObserveOptions;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Whether the studio's observations carry the page's readable text, so an agent can read what a step did ("Message
 * sent", a total, an error the page prints). Off by default: controls only, as before. On, each reading carries up
 * to {@link #CHARS} characters, the limit {@code mcp --page-text} uses, masked like every other part of the page
 * (the extension masks the values it typed, the session every value it holds). One switch for the window's session
 * and every agent task's; it applies from the next reading.
 */
public final class PageTextSwitch {
  /** The characters of page text a reading carries when on; {@code mcp}'s default too. */
  public static final int CHARS = 4000;

  private final AtomicBoolean on = new AtomicBoolean();

  public boolean isOn() {
    return on.get();
  }

  public void set(boolean value) {
    on.set(value);
  }

  /** What a reading asks of the extension now. */
  public ObserveOptions options() {
    return on.get() ? new ObserveOptions(null, 0, CHARS, true) : ObserveOptions.defaults();
  }
}
