package dev.waymark.webdriver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.bidi.BidiConnection;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The page's own dialogs (alert, confirm, prompt, beforeunload) in one WebDriver session: each answered as it
 * opens by the running step's rule and kept for that step's report. Apart from {@link WebDriverSession} because it
 * is driven by the browser's events, not by a call of the session's, and keeps state of its own between a step's
 * start and its report.
 */
final class PageDialogs {
  private static final Logger LOG = LoggerFactory.getLogger(PageDialogs.class);
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private final BidiConnection bidi;
  private final BrowsingEvents events;
  private final List<ObjectNode> dialogs = new ArrayList<>();
  private volatile boolean acceptDialogs;

  PageDialogs(BidiConnection bidi, BrowsingEvents events) {
    this.bidi = bidi;
    this.events = events;
  }

  /** How the dialogs of the next step are answered: accepted only when the step says so. */
  void answer(boolean accept) {
    acceptDialogs = accept;
  }

  /** The dialogs answered since the last call, in the order they opened. */
  List<ObjectNode> take() {
    synchronized (dialogs) {
      List<ObjectNode> out = List.copyOf(dialogs);
      dialogs.clear();
      return out;
    }
  }

  /** {@code browsingContext.userPromptOpened}: answers the dialog, keeps it, and wakes whoever waits on events. */
  void opened(JsonNode p) {
    String kind = p.path("type").asText("alert");
    // As the extension's guard: dismissed unless the step accepts dialogs; an accepted prompt answers its default.
    boolean accept = acceptDialogs;
    String message = p.path("message").asText("");
    ObjectNode d = JSON.objectNode().put("kind", kind)
        .put("message", message.length() > 500 ? message.substring(0, 500) : message)
        .put("handled", accept ? "accepted" : "dismissed");
    String defaultText = p.path("defaultValue").asText("");
    if (accept && "prompt".equals(kind)) d.put("answer", defaultText);
    synchronized (dialogs) {
      dialogs.add(d);
    }
    ObjectNode answer = JSON.objectNode().put("context", p.path("context").asText()).put("accept", accept);
    if (accept && "prompt".equals(kind)) answer.put("userText", defaultText);
    // Answered off the event thread: the connection's reader must stay free for the command's reply.
    bidi.send("browsingContext.handleUserPrompt", answer).exceptionally(e -> {
      LOG.debug("A dialog could not be answered: {}", e.getMessage());
      return null;
    });
    synchronized (events) {
      events.notifyAll();
    }
  }
}
