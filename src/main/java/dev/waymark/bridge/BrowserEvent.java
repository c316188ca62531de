package dev.waymark.bridge;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * An event the extension sent (tab_opened, tab_closed, tab_changed, dialog, download_blocked, user_action).
 *
 * @param event the event name
 * @param body  the whole event message
 */
public record BrowserEvent(String event, ObjectNode body) {
  /** A text field of the event, or null. */
  public String text(String field) {
    var node = body.get(field);
    return node == null || node.isNull() ? null : node.asText();
  }
}
