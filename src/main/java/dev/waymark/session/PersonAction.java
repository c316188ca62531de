package dev.waymark.session;

import dev.waymark.workflow.Selector;

/**
 * Something the person did in the page themselves while the studio recorded (take-over recording): the action
 * (click, fill, select, press, navigate), the element, the value as the extension reported it (known values
 * already masked to tokens, passwords never sent), the key pressed, and the page address.
 */
public record PersonAction(String action, Selector selector, String value, String key, String url) {
  /** What the extension sends instead of a password the person typed. */
  public static final String HIDDEN_PASSWORD = "••••••••";
}
