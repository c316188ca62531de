package dev.waymark.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.observe.PageDelta;
import dev.waymark.observe.PageObservation;
import dev.waymark.observe.PageText;
import dev.waymark.observe.RefSpace;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The pages one task's agent was sent, in the agent's own ref space: within a document a ref keeps meaning the same
 * element from reply to reply ({@link RefSpace}), whether the reply carried the whole page or a delta, and the
 * agent's refs are translated to the observer's before the session resolves them. Keeps the last {@link #KEPT} pages
 * sent (the last one per generation), so {@code since} can name one of them; any other generation, or a page of
 * another document, gets the whole page with a note saying why.
 */
final class AgentPages {
  /** How many generations' pages are kept for {@code since}. */
  static final int KEPT = 4;
  /** Actions after which the page is another document even at the same address (another tab, a reload). */
  private static final Set<String> NEW_DOCUMENT = Set.of("navigate", "switch_tab", "close_tab", "adopt_tab", "user_step");

  private record Sent(int document, PageObservation view) {}

  private final Map<Long, Sent> sent = new LinkedHashMap<>();
  private RefSpace space;
  private PageObservation shownRaw;
  private int document;
  private boolean newDocument;

  /** A new task: nothing was sent yet. */
  synchronized void reset() {
    sent.clear();
    space = null;
    shownRaw = null;
    newDocument = false;
  }

  /** The agent's action is about to run: after one that opens another document, refs start afresh. */
  synchronized void acting(JsonNode action) {
    if (action != null && NEW_DOCUMENT.contains(action.path("kind").asText())) newDocument = true;
  }

  /**
   * The page for a reply at {@code generation}: the observer's {@code raw} page in the agent's ref space, whole, or
   * as a delta since the page sent at generation {@code since} when one was asked for and is smaller.
   */
  synchronized PageText show(PageObservation raw, long generation, Long since) {
    if (raw == null) return null;
    if (space == null || newDocument || !PageDelta.sameDocument(space.view().url(), raw.url())) {
      space = RefSpace.start(raw);
      document++;
      newDocument = false;
    } else if (raw != shownRaw) {
      space = space.carry(raw);
    }
    shownRaw = raw;
    Sent before = since == null ? null : sent.get(since);
    sent.remove(generation);
    sent.put(generation, new Sent(document, space.view()));
    while (sent.size() > KEPT) sent.remove(sent.keySet().iterator().next());
    if (since == null) return PageText.full(space.view(), null);
    if (before == null) {
      return PageText.full(space.view(), "the whole page: generation " + since + " is not one of the last " + KEPT
          + " pages this task sent");
    }
    if (before.document() != document) {
      return PageText.full(space.view(), "the whole page: it is another document than at generation " + since);
    }
    return PageText.since(since, before.view(), space.view());
  }

  /**
   * The action with its ref translated to the observer's ref in {@code raw} (the page the session resolves it
   * against). A ref the agent's page does not hold is left as it is (the turn refuses it), unless the observer
   * uses it for another element: then nothing is sent and the agent is told to read the page.
   */
  synchronized JsonNode translate(JsonNode action, PageObservation raw) {
    if (action == null || !action.path("ref").isTextual() || raw == null || space == null
        || !PageDelta.sameDocument(space.view().url(), raw.url())) {
      return action;
    }
    String ref = action.get("ref").asText().strip();
    RefSpace now = raw == shownRaw ? space : space.carry(raw);
    String observer = now.raw(ref);
    if (observer == null && (raw.node(ref) != null || raw.list(ref) != null)) {
      throw new TaskException("ref \"" + ref + "\" is not on the page as this task last showed it; nothing was done. "
          + "Call task_state for the page now and pick a ref from it");
    }
    if (observer == null || observer.equals(ref)) return action;
    ObjectNode copy = ((ObjectNode) action).deepCopy();
    copy.put("ref", observer);
    return copy;
  }
}
